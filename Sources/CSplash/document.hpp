// The document behind a csplash_document handle, shared by the files that read it.
#pragma once

#include <poppler/PDFDoc.h>

#include <memory>

struct csplash_document {
    std::unique_ptr<PDFDoc> owned; // null when borrowed from poppler-glib
    PDFDoc *document;
};
