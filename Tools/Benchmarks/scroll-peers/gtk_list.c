/* gtk_list.c - the touch-scrolling peer in GTK 4 (issue 27 §4).
 *
 * A fullscreen GtkListView of 10,000 rows in a kinetic GtkScrolledWindow, each row a title
 * ("Row N") over a subtitle ("Subtitle of row N"), 64 px high: a GtkStringList holds the
 * titles, a GtkSignalListItemFactory makes a box of two labels per visible row and fills it on
 * bind, as GTK's list documentation shows.
 *
 * Build: gcc -O2 gtk_list.c $(pkg-config --cflags --libs gtk4)
 * Run:   GDK_BACKEND=wayland ./gtk_list
 */
#include <gtk/gtk.h>
#include <stdio.h>

enum { ROWS = 10000, ROW_HEIGHT = 64 };

static void setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_size_request(box, -1, ROW_HEIGHT);
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_start(box, 16);
    GtkWidget *title = gtk_label_new(NULL), *subtitle = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_xalign(GTK_LABEL(subtitle), 0);
    gtk_widget_add_css_class(title, "title");
    gtk_widget_add_css_class(subtitle, "subtitle");
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), subtitle);
    gtk_list_item_set_child(item, box);
}

static void bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *box = gtk_list_item_get_child(item);
    GtkWidget *title = gtk_widget_get_first_child(box), *subtitle = gtk_widget_get_last_child(box);
    gtk_label_set_text(GTK_LABEL(title), gtk_string_object_get_string(gtk_list_item_get_item(item)));
    char text[48];
    snprintf(text, sizeof text, "Subtitle of row %u", gtk_list_item_get_position(item));
    gtk_label_set_text(GTK_LABEL(subtitle), text);
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkStringList *titles = gtk_string_list_new(NULL);
    for (int i = 0; i < ROWS; i++) {
        char text[32];
        snprintf(text, sizeof text, "Row %d", i);
        gtk_string_list_append(titles, text);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(titles))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_kinetic_scrolling(GTK_SCROLLED_WINDOW(scrolled), TRUE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);

    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        "listview { background: white; } listview > row { padding: 0; } .title { font-size: 17px; color: black; }"
        " .subtitle { font-size: 14px; color: #6e6e6e; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GTK list");
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_fullscreen(GTK_WINDOW(window));
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("org.responderkit.ScrollPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
