// qt_list.cpp - the touch-scrolling peer in Qt 6 Widgets (issue 27 §4).
//
// A fullscreen QListView of 10,000 rows, each a title ("Row N") over a subtitle ("Subtitle of
// row N"), 64 px high, scrolled by touch with QScroller's kinetic gesture on the viewport, as
// Qt's documentation shows for touch lists. The model makes each row's strings when asked; the
// delegate paints the two lines.
//
// Build: g++ -O2 -fPIC qt_list.cpp $(pkg-config --cflags --libs Qt6Widgets)
// Run:   QT_QPA_PLATFORM=wayland ./qt_list
#include <QAbstractListModel>
#include <QApplication>
#include <QListView>
#include <QPainter>
#include <QScroller>
#include <QStyledItemDelegate>

namespace {

const int kRows = 10000;
const int kRowHeight = 64;

class Rows : public QAbstractListModel {
public:
    int rowCount(const QModelIndex &parent) const override { return parent.isValid() ? 0 : kRows; }
    QVariant data(const QModelIndex &index, int role) const override {
        if (role == Qt::DisplayRole) return QStringLiteral("Row %1").arg(index.row());
        if (role == Qt::UserRole) return QStringLiteral("Subtitle of row %1").arg(index.row());
        return {};
    }
};

class TwoLines : public QStyledItemDelegate {
public:
    explicit TwoLines(QObject *parent) : QStyledItemDelegate(parent) {
        title_.setPixelSize(17);
        subtitle_.setPixelSize(14);
    }
    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override {
        const QRect r = option.rect;
        p->fillRect(r, Qt::white);
        p->setPen(Qt::black);
        p->setFont(title_);
        p->drawText(r.adjusted(16, 10, -16, -r.height() / 2), Qt::AlignLeft | Qt::AlignVCenter,
                    index.data(Qt::DisplayRole).toString());
        p->setPen(QColor(110, 110, 110));
        p->setFont(subtitle_);
        p->drawText(r.adjusted(16, r.height() / 2, -16, -8), Qt::AlignLeft | Qt::AlignVCenter,
                    index.data(Qt::UserRole).toString());
        p->setPen(QColor(220, 220, 220));
        p->drawLine(r.left() + 16, r.bottom(), r.right(), r.bottom());
    }
    QSize sizeHint(const QStyleOptionViewItem &, const QModelIndex &) const override { return {200, kRowHeight}; }

private:
    QFont title_, subtitle_;
};

}  // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QListView view;
    Rows rows;
    view.setModel(&rows);
    view.setItemDelegate(new TwoLines(&view));
    view.setUniformItemSizes(true);
    view.setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setFrameShape(QFrame::NoFrame);
    QScroller::grabGesture(view.viewport(), QScroller::TouchGesture);
    view.setWindowTitle(QStringLiteral("Qt list"));
    view.showFullScreen();
    return app.exec();
}
