/* Pixels into GTK: a cairo image surface as a texture (without copying it, unless it is
 * grey), and the colour matrix night mode draws pages through. */
#include "quire-shim.h"

static void release_surface(gpointer surface) { cairo_surface_destroy(surface); }

/* A grey picture (A8, the grey as alpha: PageImage.swift) as R8G8B8: GDK 4.8 has no
 * one-byte format, so it is widened, three bytes a pixel, while it is drawn. */
static GdkTexture *texture_for_grey(cairo_surface_t *surface, int width, int height, int stride) {
    const guint8 *grey = cairo_image_surface_get_data(surface);
    gsize row = (gsize)width * 3;
    guint8 *pixels = g_malloc(row * (gsize)height);
    for (int y = 0; y < height; y++) {
        const guint8 *from = grey + (gsize)y * stride;
        guint8 *to = pixels + (gsize)y * row;
        for (int x = 0; x < width; x++) to[3 * x] = to[3 * x + 1] = to[3 * x + 2] = from[x];
    }
    GBytes *bytes = g_bytes_new_take(pixels, row * (gsize)height);
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_R8G8B8, bytes, row);
    g_bytes_unref(bytes);
    return texture;
}

GdkTexture *quire_texture_for_surface(cairo_surface_t *surface) {
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    if (cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8) return texture_for_grey(surface, width, height, stride);
    GBytes *bytes = g_bytes_new_with_free_func(cairo_image_surface_get_data(surface),
                                               (gsize)stride * height, release_surface,
                                               cairo_surface_reference(surface));
    /* cairo ARGB32 is premultiplied native-endian: B8G8R8A8 in memory on little-endian. */
    GdkTexture *texture = gdk_memory_texture_new(width, height,
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
                                                 GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,
#else
                                                 GDK_MEMORY_A8R8G8B8_PREMULTIPLIED,
#endif
                                                 bytes, stride);
    g_bytes_unref(bytes);
    return texture;
}

void quire_snapshot_push_colour_matrix(GtkSnapshot *snapshot, const double rows[9], const double offset[3]) {
    /* graphene multiplies a row vector: its row i holds what input i gives each output. */
    float values[16] = {0};
    for (int output = 0; output < 3; output++)
        for (int input = 0; input < 3; input++)
            values[4 * input + output] = (float)rows[3 * output + input];
    values[15] = 1;
    graphene_matrix_t matrix;
    graphene_matrix_init_from_float(&matrix, values);
    graphene_vec4_t shift;
    graphene_vec4_init(&shift, (float)offset[0], (float)offset[1], (float)offset[2], 0);
    gtk_snapshot_push_color_matrix(snapshot, &matrix, &shift);
}
