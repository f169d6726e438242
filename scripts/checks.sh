# Sourced by the scripts that check things one line each, as TAP does: `check DESCRIPTION
# COMMAND...` prints "ok - …" or "not ok - …" with the command's output; `checks_done`
# prints the counts and fails when any check failed. Needs $tmp, a scratch folder.
passed=0
failed=0

check() {
    local description=$1
    shift
    if "$@" >"$tmp/check.log" 2>&1; then
        echo "ok - $description"
        passed=$((passed + 1))
    else
        echo "not ok - $description"
        sed 's/^/#   /' "$tmp/check.log"
        failed=$((failed + 1))
    fi
}

checks_done() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
