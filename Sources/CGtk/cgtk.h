#include <gtk/gtk.h>
#include <gtk/gtkunixprint.h>
