/* The launch floor: what a GTK 4 window costs before any PDF work. A window with a header
 * bar paints a page rendered beforehand (raw pixels, read at start), with the cairo
 * renderer, as Quire runs without a GPU. Built twice by scripts/launch-floor.sh: plain
 * GTK 4, and libadwaita (-DFLOOR_ADWAITA), which with FLOOR_EARLY_GTK=1 starts GTK as
 * Quire's GtkStart does.
 *   floor --prepare IN.ppm OUT.raw   turns pdftoppm's PPM into the raw pixels read at start
 *   floor PAGE.raw WIDTH HEIGHT      shows them; with FLOOR_TRACE=1 it prints when the
 *                                    first frame with the page was painted, in ms after
 *                                    the process started (as QUIRE_TRACE_LAUNCH counts),
 *                                    and quits */
#ifdef FLOOR_ADWAITA
#include <adwaita.h>
#else
#include <gtk/gtk.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static cairo_surface_t *page;
static gboolean drawn;

/* Milliseconds since the process started: its start in /proc/self/stat (clock ticks after
 * boot) against the boot-time clock, as Quire's LaunchTrace counts. */
static double since_start(void) {
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    char stat[1024] = {0};
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f || !fread(stat, 1, sizeof stat - 1, f)) return -1;
    fclose(f);
    char *field = strrchr(stat, ')');
    for (int i = 0; field && i < 20; i++) field = strchr(field + 1, ' ');
    if (!field) return -1;
    double started = strtod(field + 1, NULL) / sysconf(_SC_CLK_TCK);
    return (now.tv_sec + now.tv_nsec / 1e9 - started) * 1000;
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
    if (!drawn) return;
    printf("floor: %.1f ms painted\n", since_start());
    fflush(stdout);
    g_application_quit(G_APPLICATION(app));
}

static int prepare(const char *in, const char *out) {
    FILE *f = fopen(in, "rb");
    int w, h, max;
    if (!f || fscanf(f, "P6 %d %d %d", &w, &h, &max) != 3 || fgetc(f) == EOF) return 1;
    unsigned char *rgb = malloc((size_t)w * h * 3), *bgrx = malloc((size_t)w * h * 4);
    if (fread(rgb, 3, (size_t)w * h, f) != (size_t)w * h) return 1;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        bgrx[4 * i] = rgb[3 * i + 2]; bgrx[4 * i + 1] = rgb[3 * i + 1]; bgrx[4 * i + 2] = rgb[3 * i]; bgrx[4 * i + 3] = 255;
    }
    FILE *o = fopen(out, "wb");
    if (!o || fwrite(bgrx, 4, (size_t)w * h, o) != (size_t)w * h) return 1;
    fclose(o); fclose(f);
    printf("%d %d\n", w, h);
    return 0;
}

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    cairo_set_source_rgb(cr, .85, .85, .85);
    cairo_paint(cr);
    double scale = (double)(width - 40) / cairo_image_surface_get_width(page);
    cairo_translate(cr, 20, 10);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, page, 0, 0);
    cairo_paint(cr);
    drawn = TRUE;
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_set_vexpand(area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, NULL, NULL);
#ifdef FLOOR_ADWAITA
    GtkWidget *window = adw_application_window_new(app);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    gtk_box_append(GTK_BOX(box), area);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
#else
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    gtk_box_append(GTK_BOX(box), area);
    gtk_window_set_child(GTK_WINDOW(window), box);
#endif
    gtk_window_set_default_size(GTK_WINDOW(window), 890, 1090);
    gtk_window_present(GTK_WINDOW(window));
    if (getenv("FLOOR_TRACE"))
        g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), app);
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "--prepare") == 0) return prepare(argv[2], argv[3]);
    if (argc < 4) { fprintf(stderr, "usage: floor PAGE.raw WIDTH HEIGHT | floor --prepare IN.ppm OUT.raw\n"); return 2; }
    int w = atoi(argv[2]), h = atoi(argv[3]);
    unsigned char *pixels = malloc((size_t)w * h * 4);
    FILE *f = fopen(argv[1], "rb");
    if (!f || fread(pixels, 4, (size_t)w * h, f) != (size_t)w * h) return 1;
    fclose(f);
    page = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_RGB24, w, h, w * 4);
    setenv("GSK_RENDERER", "cairo", 1);
    setenv("GDK_DEBUG", "gl-disable", 1);
#ifdef FLOOR_ADWAITA
    if (getenv("FLOOR_EARLY_GTK")) {
        setenv("GTK_THEME", "Adwaita-empty", 1);
        gtk_init();
        gtk_settings_get_default();
        unsetenv("GTK_THEME");
    }
    GtkApplication *app = GTK_APPLICATION(adw_application_new("app.quire.LaunchFloor", G_APPLICATION_NON_UNIQUE));
#else
    GtkApplication *app = gtk_application_new("app.quire.LaunchFloor", G_APPLICATION_NON_UNIQUE);
#endif
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *args[] = {argv[0], NULL};
    return g_application_run(G_APPLICATION(app), 1, args);
}
