#!/usr/bin/env python3
"""Builds the quire and quire-helpers products in release mode with SwiftPM and
copies them to OUTPUT and OUTPUT-helpers.

Usage: build-swift.py SWIFT PACKAGE_DIR SCRATCH_DIR OUTPUT DEPFILE

SwiftPM decides what to recompile. Ninja only needs to know when to ask it again,
so DEPFILE names Package.swift, Package.resolved and every file and folder under
Sources/. A folder's modification time changes when an entry is added, removed or
renamed in it, so new source files are noticed without reconfiguring meson.
"""
import os
import shutil
import subprocess
import sys

PRODUCTS = ('quire-helpers', 'quire')


def escape(path):
    # Make-style depfile syntax, as ninja reads it.
    return path.replace('\\', '\\\\').replace(' ', '\\ ').replace('#', '\\#').replace('$', '$$')


def inputs(package_dir):
    for name in ('Package.swift', 'Package.resolved'):
        path = os.path.join(package_dir, name)
        if os.path.exists(path):
            yield path
    for root, dirs, files in os.walk(os.path.join(package_dir, 'Sources')):
        dirs.sort()
        yield root
        for name in sorted(files):
            yield os.path.join(root, name)


def main(swift, package_dir, scratch_dir, output, depfile):
    for product in PRODUCTS:
        subprocess.run([swift, 'build', '-c', 'release', '--product', product,
                        '--package-path', package_dir, '--scratch-path', scratch_dir],
                       check=True)
    # Copy rather than link: the output's new mtime tells ninja the target is fresh,
    # and the install step does not depend on SwiftPM's folder layout. The window's
    # executable last: its mtime is the one ninja compares.
    for product in PRODUCTS:
        built = os.path.join(scratch_dir, 'release', product)
        copy = output + product[len('quire'):]
        shutil.copyfile(built, copy + '.tmp')
        os.chmod(copy + '.tmp', 0o755)
        os.replace(copy + '.tmp', copy)
    with open(depfile, 'w') as f:
        deps = ' \\\n  '.join(escape(p) for p in inputs(package_dir))
        f.write(f'{escape(output)}: \\\n  {deps}\n')


if __name__ == '__main__':
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    try:
        main(*sys.argv[1:])
    except subprocess.CalledProcessError as error:
        sys.exit(f'swift build failed with status {error.returncode}')
