// Tesseract through dlopen: the few functions of its C API a helper needs, declared here
// (libtesseract5 is needed only where recognition runs, and its headers not at all).
#define _GNU_SOURCE
#include "quire-recognizer.h"
#include <dlfcn.h>
#include <stdlib.h>

typedef struct TessBaseAPI TessBaseAPI;
typedef struct TessResultIterator TessResultIterator;
typedef struct TessPageIterator TessPageIterator;
typedef struct ETEXT_DESC ETEXT_DESC;
enum { RIL_BLOCK = 0, RIL_PARA = 1, RIL_TEXTLINE = 2, RIL_WORD = 3 };

struct quire_recognizer {
    void *library;
    TessBaseAPI *api;
    void (*delete_api)(TessBaseAPI *);
    void (*end)(TessBaseAPI *);
    void (*set_image)(TessBaseAPI *, const unsigned char *, int, int, int, int);
    void (*set_resolution)(TessBaseAPI *, int);
    int (*recognize)(TessBaseAPI *, ETEXT_DESC *);
    TessResultIterator *(*iterator)(TessBaseAPI *);
    void (*iterator_delete)(TessResultIterator *);
    const TessPageIterator *(*page_iterator)(const TessResultIterator *);
    int (*box)(const TessPageIterator *, int, int *, int *, int *, int *);
    int (*at_beginning_of)(const TessPageIterator *, int);
    int (*next)(TessResultIterator *, int);
    char *(*text)(const TessResultIterator *, int);
    float (*confidence)(const TessResultIterator *, int);
    void (*delete_text)(const char *);
    void (*clear)(TessBaseAPI *);
    ETEXT_DESC *(*monitor_create)(void);
    void (*monitor_delete)(ETEXT_DESC *);
    void (*monitor_deadline)(ETEXT_DESC *, int);
};

#define FIND(field, name) \
    if (!(*(void **)&r->field = dlsym(r->library, name))) { *error = "libtesseract lacks " name; goto failed; }

quire_recognizer *quire_recognizer_open(const char *datapath, const char *languages, const char **error) {
    // OpenMP reads this once, when libgomp is loaded with libtesseract: one thread.
    setenv("OMP_THREAD_LIMIT", "1", 1);
    quire_recognizer *r = calloc(1, sizeof *r);
    if (!r) { *error = "out of memory"; return NULL; }
    r->library = dlopen("libtesseract.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!r->library) { *error = "libtesseract.so.5 is not installed"; free(r); return NULL; }
    TessBaseAPI *(*create)(void);
    int (*init)(TessBaseAPI *, const char *, const char *);
    int (*set_variable)(TessBaseAPI *, const char *, const char *);
    if (!(*(void **)&create = dlsym(r->library, "TessBaseAPICreate"))) { *error = "libtesseract lacks TessBaseAPICreate"; goto failed; }
    if (!(*(void **)&init = dlsym(r->library, "TessBaseAPIInit3"))) { *error = "libtesseract lacks TessBaseAPIInit3"; goto failed; }
    if (!(*(void **)&set_variable = dlsym(r->library, "TessBaseAPISetVariable"))) { *error = "libtesseract lacks TessBaseAPISetVariable"; goto failed; }
    FIND(delete_api, "TessBaseAPIDelete")
    FIND(end, "TessBaseAPIEnd")
    FIND(set_image, "TessBaseAPISetImage")
    FIND(set_resolution, "TessBaseAPISetSourceResolution")
    FIND(recognize, "TessBaseAPIRecognize")
    FIND(iterator, "TessBaseAPIGetIterator")
    FIND(iterator_delete, "TessResultIteratorDelete")
    FIND(page_iterator, "TessResultIteratorGetPageIteratorConst")
    FIND(box, "TessPageIteratorBoundingBox")
    FIND(at_beginning_of, "TessPageIteratorIsAtBeginningOf")
    FIND(next, "TessResultIteratorNext")
    FIND(text, "TessResultIteratorGetUTF8Text")
    FIND(confidence, "TessResultIteratorConfidence")
    FIND(delete_text, "TessDeleteText")
    FIND(clear, "TessBaseAPIClear")
    FIND(monitor_create, "TessMonitorCreate")
    FIND(monitor_delete, "TessMonitorDelete")
    FIND(monitor_deadline, "TessMonitorSetDeadlineMSecs")
    r->api = create();
    if (!r->api) { *error = "Tesseract could not start"; goto failed; }
    // Its messages ("Estimating resolution…") are not the reader's: the helper's stderr stays quiet.
    set_variable(r->api, "debug_file", "/dev/null");
    if (init(r->api, datapath, languages) != 0) { *error = "a language's data could not be loaded"; goto failed; }
    return r;
failed:
    if (r->api && r->delete_api) r->delete_api(r->api);
    dlclose(r->library);
    free(r);
    return NULL;
}

int quire_recognizer_read(quire_recognizer *r, const unsigned char *grey, int width, int height, int stride,
                          int ppi, int deadline_ms, quire_recognizer_word word, void *context) {
    r->set_image(r->api, grey, width, height, 1, stride);
    r->set_resolution(r->api, ppi);
    ETEXT_DESC *monitor = r->monitor_create();
    if (monitor && deadline_ms > 0) r->monitor_deadline(monitor, deadline_ms);
    int failed = r->recognize(r->api, monitor);
    if (monitor) r->monitor_delete(monitor);
    if (failed) { r->clear(r->api); return -1; }
    int count = 0;
    TessResultIterator *words = r->iterator(r->api);
    if (words) {
        const TessPageIterator *page = r->page_iterator(words);
        do {
            char *text = r->text(words, RIL_WORD);
            int left, top, right, bottom;
            if (text && r->box(page, RIL_WORD, &left, &top, &right, &bottom)) {
                word(context, text, left, top, right, bottom, r->confidence(words, RIL_WORD),
                     r->at_beginning_of(page, RIL_TEXTLINE), r->at_beginning_of(page, RIL_BLOCK));
                count++;
            }
            if (text) r->delete_text(text);
        } while (r->next(words, RIL_WORD));
        r->iterator_delete(words);
    }
    r->clear(r->api);
    return count;
}

void quire_recognizer_close(quire_recognizer *r) {
    if (!r) return;
    r->end(r->api);
    r->delete_api(r->api);
    // Not dlclosed: libgomp and leptonica keep threads and handlers that outlive it.
    free(r);
}
