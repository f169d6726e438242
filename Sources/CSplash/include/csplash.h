#ifndef CSPLASH_H
#define CSPLASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A document opened for poppler's Splash rasterizer, over bytes the caller keeps mapped
/// for as long as the document lives.
typedef struct csplash_document csplash_document;

/// Opens `length` bytes at `data` with `password` (NULL for none); NULL when poppler
/// cannot, or the bytes are more than 2 GiB.
csplash_document *csplash_open(const char *data, size_t length, const char *password);
/// The document poppler-glib opened, behind `poppler_annot` (any PopplerAnnot of it), for
/// Splash to draw with what was set on it through poppler-glib (form values, hidden and
/// recoloured annotations); not owned: it lives as long as poppler-glib's document. NULL
/// without one.
csplash_document *csplash_borrow(void *poppler_annot);
/// Frees the handle, and the document unless it was borrowed.
void csplash_close(csplash_document *document);

/// Draws page `index` at `dpi`, turned by `quarters` quarter turns on top of its own
/// /Rotate, the part from (`x`, `y`) of `width` by `height` pixels, into `pixels`
/// (cairo's ARGB32: 32-bit native words 0xAARRGGBB, `stride` bytes a row), on white.
/// With `grey_stride` (not 0), a picture that is all opaque greys is written instead as
/// one byte a pixel, rows of `grey_stride` bytes (cairo's A8, the grey level), padded
/// with 0xff; with `flags` CSPLASH_GREY_FROM_START too, the page is drawn grey from the
/// start (Splash's Mono8: one channel converted and scaled, not four), whatever its colours.
/// With CSPLASH_SPLASH_SCALES_IMAGES, every image is scaled by Splash's own drawImage, none
/// streamed (the same pixels; for comparing). Splash draws into `pixels` itself when its
/// page fits them (drawn_in_place.cpp); with CSPLASH_DRAW_APART, into a bitmap of its own
/// copied into them afterwards (the same pixels; for comparing). Returns 0
/// (ARGB32), 1 (found grey), 2 (drawn grey from the start), or -1 when the page cannot be
/// drawn. Never writes outside `height` rows of `stride` bytes.
int csplash_render(csplash_document *document, int index, double dpi, int quarters,
                   int x, int y, int width, int height, uint8_t *pixels, size_t stride, size_t grey_stride,
                   unsigned flags);
#define CSPLASH_GREY_FROM_START 1u
#define CSPLASH_SPLASH_SCALES_IMAGES 2u
#define CSPLASH_DRAW_APART 4u

/// What page `index` paints with, its annotations' appearances included, as the bits below:
/// a pass of poppler's content reader that draws nothing and decodes no image, stopped at
/// the first colour, shading or transparency. CSPLASH_INK_UNREAD when the page cannot be read.
unsigned csplash_page_inks(csplash_document *document, int index);
/// A fill, stroke or image in a colour space other than one grey channel (DeviceGray,
/// CalGray, a one-channel ICC profile): `0.5 0.5 0.5 rg` counts, whatever it paints.
#define CSPLASH_INK_COLOUR 1u
/// A shading (its colours are not looked into).
#define CSPLASH_INK_SHADING 2u
/// A transparency group, a soft mask or a blend mode other than Normal.
#define CSPLASH_INK_TRANSPARENCY 4u
/// An image of grey levels (more than one bit).
#define CSPLASH_INK_GREY_IMAGE 8u
/// A one-bit image or an image mask.
#define CSPLASH_INK_BILEVEL_IMAGE 16u
/// An image read by a JBIG2 or CCITT decoder.
#define CSPLASH_INK_BILEVEL_CODEC 32u
/// The page could not be read.
#define CSPLASH_INK_UNREAD 64u

/// The full names of page `index`'s form widgets `ids` (poppler's ids), read through
/// `poppler_annot`, any PopplerAnnot of the document (from poppler_page_get_annot_mapping):
/// each the /T of the widget's field and of its /Parent chain, joined by dots, outermost
/// first, in UTF-8, written NUL-terminated one after the other into `out` in the order of
/// `ids` (empty for an id the page has no widget for), as many as fit in `capacity` bytes.
/// The walk up stops at a loop (poppler's own, FormField::getFullyQualifiedName, never
/// ends there) and at 64 levels; a name is cut at 1,024 bytes. Returns the bytes written, or -1.
long csplash_field_names(void *poppler_annot, int index, const unsigned *ids, size_t count, char *out, size_t capacity);

/// Makes those of page `index`'s widget annotations `poppler_annots` (PopplerAnnots from its
/// poppler_page_get_annot_mapping) whose widget ids (poppler's) are among `ids` and that no
/// AcroForm lists draw their fields' values as they are now: poppler-glib's setters redraw
/// only a copy of such a widget (see standalone_widgets.cpp). Returns how many were drawn anew.
int csplash_redraw_standalone_widgets(void *const *poppler_annots, size_t annot_count, int index, const unsigned *ids, size_t count);

/// Writes the appearance poppler draws for `poppler_annot` (a PopplerAnnot on its page, as
/// it is now: its colour, opacity, quadrilaterals) into it as its /AP /N, with the /Rect
/// poppler drew it in, so that a save carries it and other programs draw it (see
/// kept_appearance.cpp). Returns 1 when written, 0 when there is none to write (the file's own
/// appearance, a kind poppler does not draw, an annotation not shown).
int csplash_keep_appearance(void *poppler_annot);

/* A text box's (FreeText's) words in `rgb` (red, green, blue 0…1; NULL for black) through
 * its /DA, the colour they had in `old_rgb`; 0, doing nothing, for any other annotation. */
int csplash_free_text_colour(void *poppler_annot, const double *rgb, double old_rgb[3]);

/// What the reader drew, for csplash_add_drawing. Geometry is in points from the top-left of
/// the page as it displays (its /Rotate applied, from its crop box's corner).
typedef struct {
    /// CSPLASH_DRAWN_INK, _LINE, _SQUARE, _CIRCLE, _FREE_TEXT or _STAMP.
    int kind;
    /// x, y pairs: ink's strokes one after the other (`stroke_lengths` points each), a line's two ends.
    const double *points;
    size_t point_count;
    const size_t *stroke_lengths;
    size_t stroke_count;
    /// x, y, width, height: a rectangle's, ellipse's, text box's or stamp's frame.
    double frame[4];
    /// The stroke's width, points.
    double width;
    /// Red, green, blue, 0…1: the stroke's (a text box's words').
    double colour[3];
    /// Whether a rectangle or ellipse is filled, with `fill`.
    int filled;
    double fill[3];
    double font_size;
    /// A line with an open arrowhead at its second end.
    int arrow;
    /// UTF-8, NUL-terminated, or NULL: /Contents, /T, and /M and /CreationDate (a PDF date).
    const char *contents;
    const char *author;
    const char *date;
    /// A standard stamp's name (/Name), when there is no picture.
    const char *stamp_name;
    /// A picture stamp's pixels: cairo's ARGB32 (premultiplied), `pixel_width` × 4 bytes a row.
    const uint8_t *pixels;
    int pixel_width;
    int pixel_height;
} csplash_drawing;

#define CSPLASH_DRAWN_INK 1
#define CSPLASH_DRAWN_LINE 2
#define CSPLASH_DRAWN_SQUARE 3
#define CSPLASH_DRAWN_CIRCLE 4
#define CSPLASH_DRAWN_FREE_TEXT 5
#define CSPLASH_DRAWN_STAMP 6

/// Adds `drawing` to `poppler_page` (a PopplerPage) as the annotation of its kind, printed,
/// with its appearance as its /AP /N (see drawings.cpp). Returns 1 when added with its
/// appearance, 2 when added without one (poppler drew none), 0 when not added.
int csplash_add_drawing(void *poppler_page, const csplash_drawing *drawing);

/// Moves or resizes `poppler_annot` (a PopplerAnnot on its page, one of the file's own) onto
/// `to` (x, y, width, height from the top-left of the page as it displays), with its
/// appearance (see reshaped_annotations.cpp); `from` (or NULL) gets where it was, the same way.
/// Returns 1 when moved, 0 when not (a text markup, a link, a widget, no area).
int csplash_reshape_annotation(void *poppler_annot, const double to[4], double from[4]);

/// 1 when `poppler_page` (a PopplerPage) can show no image: none named in any resources it
/// reaches and no inline image in any content it runs (named_images.cpp); 0 when it may, or
/// when that cannot be told within a budget (poppler's own look then decides).
int csplash_page_shows_no_image(void *poppler_page);

/// The text of `poppler_page` (a PopplerPage) in poppler's reading order, lines ended by
/// newlines, in UTF-8, as pdftotext writes it; to be freed with free(). NULL when the page
/// has no content poppler can read.
char *csplash_page_text(void *poppler_page);

/// Adds an invisible text layer to `poppler_page` (a PopplerPage of a document to be saved):
/// `content` (TextLayer's, in the page's displayed space: this wraps it in the matrix to the
/// page's own, after the page's content in q … Q), the Type 0 font it names /QuireOCR (made
/// once a document: `*font_object` is its object number, 0 to make it; `to_unicode` its
/// ToUnicode map, `font_file` a TrueType to embed or NULL), and the page's /Contents and
/// /Resources that reach them. The page must take no other change after this before the
/// save (poppler's Page keeps its own copy of the page's dictionary). Returns 1, or 0.
int csplash_add_text_layer(void *poppler_page, const uint8_t *content, size_t length, const uint8_t *to_unicode,
                           size_t to_unicode_length, const uint8_t *font_file, size_t font_length, int *font_object);

/// The catalog's /Lang of `poppler_page`'s document (the language its text is in, as a
/// BCP 47 tag: "ru", "de-AT"), written NUL-terminated into `out`; only letters, digits and
/// hyphens are kept, at most `capacity` - 1 bytes. Returns its length, 0 when there is none.
size_t csplash_document_language(void *poppler_page, char *out, size_t capacity);

/// How many images this process's Splash has read through zlib (`inflating_output.hpp`)
/// instead of poppler's own FlateDecode decoder.
unsigned long csplash_zlib_images(void);
/// How many images this process's Splash drawing has shrunk onto the page a row at a time
/// (streamed_image.cpp) instead of through Splash's whole scaled copy.
unsigned long csplash_streamed_images(void);
/// How many pages this process's Splash has drawn straight into the picture's memory
/// (drawn_in_place.cpp) instead of into a bitmap of its own copied there.
unsigned long csplash_pages_drawn_in_place(void);

/// Sets NSS up for checking signatures with the certificate database in `directory` (an
/// NSS sql: database; NULL for none), before the helper confines itself: NSS loads its
/// modules and reads the database now. Returns 1 when the database opened, 0 when not (NSS
/// then runs without one, and no certificate can be trusted).
int csplash_signatures_prepare(const char *directory);

/// What libpoppler and NSS say of one signature field.
typedef struct {
    /// poppler's verdict on the signed bytes, poppler-glib's PopplerSignatureStatus numbers.
    int status;
    /// The signer's common name, UTF-8, cut at 1,023 bytes.
    char signer[1024];
    /// Seconds since 1970; 0 when the signature names no time.
    long long signing_time;
    /// The /ByteRange as written, its first `range_count` numbers (at most 16).
    long long ranges[16];
    int range_count;
    /// The page its widget is on (0-based), or -1.
    int page;
    /// The signer's certificate against the database, poppler-glib's PopplerCertificateStatus
    /// numbers: 0 trusted, 1 untrusted issuer, 2 unknown issuer, 3 revoked, 4 expired,
    /// 5 failed to check.
    int certificate;
} csplash_signature;

/// Verifies `poppler_form_field` (a signature PopplerFormField) into `out`; returns 0, or -1
/// when it is no signature. Synchronous, in the calling thread (poppler-glib's own runs a
/// GTask, whose wake-up descriptors a helper's seccomp refuses). The certificate is checked
/// without revocation lookups, which would reach the network (see signatures.cpp).
int csplash_signature_facts(void *poppler_form_field, csplash_signature *out);

#ifdef __cplusplus
}
#endif

#endif
