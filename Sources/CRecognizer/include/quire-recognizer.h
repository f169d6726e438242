#ifndef QUIRE_RECOGNIZER_H
#define QUIRE_RECOGNIZER_H

/* Tesseract's C API, loaded with dlopen by a recognizer helper only (never the window: its
 * libraries, leptonica, libarchive, libcurl and OpenMP, would cost every launch). Loaded
 * before the helper confines itself; OpenMP is held to one thread (a helper has one). */

typedef struct quire_recognizer quire_recognizer;

/* Loads libtesseract and its `languages` ("eng+rus") from `datapath` (the tessdata folder).
 * NULL with `error` (static text) when the library or a language cannot be loaded. */
quire_recognizer *quire_recognizer_open(const char *datapath, const char *languages, const char **error);

/* Called for each word found, in reading order: its text (UTF-8), its box in the image's
 * pixels, its confidence (0-100), and whether it begins a line and a block. */
typedef void (*quire_recognizer_word)(void *context, const char *text, int left, int top, int right, int bottom,
                                      float confidence, int begins_line, int begins_block);

/* Recognises `grey` (8-bit, `stride` bytes a row) drawn at `ppi`, giving up after
 * `deadline_ms`. Returns the number of words, or -1 when recognition failed or ran out
 * of time. */
int quire_recognizer_read(quire_recognizer *recognizer, const unsigned char *grey, int width, int height, int stride,
                          int ppi, int deadline_ms, quire_recognizer_word word, void *context);

void quire_recognizer_close(quire_recognizer *recognizer);

#endif
