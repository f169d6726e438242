// Whether a page can show no image at all, read from its objects without running its
// content through Gfx: the quick half of the look for large images (Document.hasLargeImages).
// poppler's own look (poppler_page_get_image_mapping) interprets the whole page with an
// output device that draws nothing: 3-5 ms on the corpus's text pages, on the way to every
// document's first view. A page draws an image only through an image XObject named in some
// resources it reaches, or an inline image (BI ... ID ... EI) in some content it runs, so
// when neither is anywhere it reaches, it has none. Everything a page can run is walked:
// its contents and resources, forms within forms, tiling patterns, Type 3 glyphs, soft
// masks' groups and its annotations' appearances. Past a budget of objects or bytes, or on
// anything unreadable, the answer is "cannot tell", and poppler's look decides.
#include <glib-object.h>
#include <poppler/Object.h>
#include <poppler/Page.h>
#include <poppler/Stream.h>

#include <set>
#include <utility>

#include "csplash.h"
#include "glib_page.hpp"

namespace {

struct Walk {
    int objects = 400;
    long bytes = 2L << 20; // decoded content: a text page has tens of kilobytes; a bomb stops here
    std::set<std::pair<int, int>> seen;
    bool found = false; // an image, or the budget spent: poppler's look decides
};

bool isDelimiter(int c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0' || c == '(' || c == ')' || c == '<' ||
           c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' || c == '%';
}

// An inline image's operator, BI as a token, anywhere in the stream's decoded bytes (a
// string holding " BI " counts too: it only sends the page to poppler's look).
void scanContent(Stream *stream, Walk &walk) {
    if (!stream || walk.found) return;
    stream->reset();
    // The three characters before this one; a stream starts as after a space.
    int third = ' ', second = ' ', first = ' ';
    for (int c = stream->getChar(); c != EOF; c = stream->getChar()) {
        if (--walk.bytes < 0) { walk.found = true; break; }
        if (second == 'B' && first == 'I' && isDelimiter(third) && isDelimiter(c)) {
            walk.found = true;
            break;
        }
        third = second;
        second = first;
        first = c;
    }
    // BI as the stream's last bytes.
    if (!walk.found && second == 'B' && first == 'I' && isDelimiter(third)) walk.found = true;
    stream->close();
}

void walkResources(Dict *resources, int depth, Walk &walk);

// Whether the object at `index` of `container` is new to the walk (by its reference), within the budget.
bool firstVisit(Dict *container, int index, Walk &walk) {
    if (--walk.objects < 0) { walk.found = true; return false; }
    const Object &raw = container->getValNF(index);
    if (!raw.isRef()) return true;
    const Ref ref = raw.getRef();
    return walk.seen.insert({ref.num, ref.gen}).second;
}

// A stream of content with resources of its own (a form, a tiling pattern, a group, an appearance).
void walkContentStream(Object &stream, int depth, Walk &walk) {
    if (walk.found || !stream.isStream()) return;
    scanContent(stream.getStream(), walk);
    if (Dict *dict = stream.streamGetDict()) {
        Object inner = dict->lookup("Resources");
        if (inner.isDict()) walkResources(inner.getDict(), depth + 1, walk);
    }
}

void walkNamed(Dict *resources, const char *category, int depth, Walk &walk,
               void (*each)(Object &, int, Walk &)) {
    Object named = resources->lookup(category);
    if (!named.isDict()) return;
    Dict *dict = named.getDict();
    for (int i = 0; i < dict->getLength() && !walk.found; i++) {
        if (!firstVisit(dict, i, walk)) continue;
        Object value = dict->getVal(i);
        each(value, depth, walk);
    }
}

void walkXObject(Object &xobject, int depth, Walk &walk) {
    if (!xobject.isStream() || !xobject.streamGetDict()) return;
    Object subtype = xobject.streamGetDict()->lookup("Subtype");
    if (subtype.isName("Image")) { walk.found = true; return; }
    if (subtype.isName("Form")) walkContentStream(xobject, depth, walk);
}

void walkPattern(Object &pattern, int depth, Walk &walk) {
    walkContentStream(pattern, depth, walk); // a tiling pattern is a stream; a shading pattern draws no image
}

void walkFont(Object &font, int depth, Walk &walk) {
    if (!font.isDict()) return;
    Dict *dict = font.getDict();
    if (!dict->lookup("Subtype").isName("Type3")) return;
    Object inner = dict->lookup("Resources");
    if (inner.isDict()) walkResources(inner.getDict(), depth + 1, walk);
    Object procs = dict->lookup("CharProcs");
    if (!procs.isDict()) return;
    Dict *glyphs = procs.getDict();
    for (int i = 0; i < glyphs->getLength() && !walk.found; i++) {
        if (!firstVisit(glyphs, i, walk)) continue;
        Object glyph = glyphs->getVal(i);
        if (glyph.isStream()) scanContent(glyph.getStream(), walk);
    }
}

void walkGraphicsState(Object &state, int depth, Walk &walk) {
    if (!state.isDict()) return;
    Object mask = state.getDict()->lookup("SMask");
    if (!mask.isDict()) return;
    Object group = mask.getDict()->lookup("G");
    walkContentStream(group, depth, walk);
}

void walkResources(Dict *resources, int depth, Walk &walk) {
    if (!resources || walk.found) return;
    if (depth > 8) { walk.found = true; return; }
    walkNamed(resources, "XObject", depth, walk, walkXObject);
    walkNamed(resources, "Pattern", depth, walk, walkPattern);
    walkNamed(resources, "Font", depth, walk, walkFont);
    walkNamed(resources, "ExtGState", depth, walk, walkGraphicsState);
}

void walkContents(Object &contents, Walk &walk) {
    if (contents.isStream()) { scanContent(contents.getStream(), walk); return; }
    if (!contents.isArray()) return;
    for (int i = 0; i < contents.arrayGetLength() && !walk.found; i++) {
        Object part = contents.arrayGet(i);
        if (part.isStream()) scanContent(part.getStream(), walk);
    }
}

// Each appearance an annotation may show: /AP's /N, /R and /D, a stream or a dictionary of states.
void walkAppearances(Object &annotations, Walk &walk) {
    if (!annotations.isArray()) return;
    for (int i = 0; i < annotations.arrayGetLength() && !walk.found; i++) {
        if (--walk.objects < 0) { walk.found = true; return; }
        Object annotation = annotations.arrayGet(i);
        if (!annotation.isDict()) continue;
        Object appearance = annotation.getDict()->lookup("AP");
        if (!appearance.isDict()) continue;
        for (const char *kind : {"N", "R", "D"}) {
            Object shown = appearance.getDict()->lookup(kind);
            if (shown.isStream()) {
                walkContentStream(shown, 0, walk);
            } else if (shown.isDict()) {
                Dict *states = shown.getDict();
                for (int k = 0; k < states->getLength() && !walk.found; k++) {
                    if (!firstVisit(states, k, walk)) continue;
                    Object state = states->getVal(k);
                    walkContentStream(state, 0, walk);
                }
            }
        }
    }
}

} // namespace

extern "C" int csplash_page_shows_no_image(void *poppler_page) {
    Page *page = glibPage(poppler_page);
    if (!page) return 0;
    try {
        Walk walk;
        Object contents = page->getContents();
        walkContents(contents, walk);
        walkResources(page->getResourceDict(), 0, walk);
        Object annotations = page->getAnnotsObject();
        walkAppearances(annotations, walk);
        return walk.found ? 0 : 1;
    } catch (...) {
        return 0;
    }
}
