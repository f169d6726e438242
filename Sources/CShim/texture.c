/* Pixels into GTK: a cairo image surface as a texture without copying it, and the
 * colour matrix night mode draws pages through. */
#include "quire-shim.h"

static void release_surface(gpointer surface) { cairo_surface_destroy(surface); }

GdkTexture *quire_texture_for_surface(cairo_surface_t *surface) {
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
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
