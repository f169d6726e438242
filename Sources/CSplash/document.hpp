// The document behind csplash.h's handle, for the library's own files.
#ifndef CSPLASH_DOCUMENT_HPP
#define CSPLASH_DOCUMENT_HPP

#include <poppler/PDFDoc.h>

#include <memory>

struct csplash_document {
    std::unique_ptr<PDFDoc> document;
};

#endif
