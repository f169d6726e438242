// Signatures for the signature helper, through libpoppler's own classes and NSS, where
// poppler-glib 22.12 falls short:
// - it verifies in a GTask on GLib's thread pool, which makes eventfds a helper may not;
// - the byte range as the file writes it (poppler-glib gives none), so that the engine can
//   tell a range past the file's end and the revision a signature covers;
// - the signer's certificate, checked here: poppler 22.12 reads NSS's error code even after
//   a verification that succeeded, and without revocation checks that code is left over
//   from the revocation step, so every certificate came back "generic error"; with them,
//   NSS fetches OCSP answers from the address the document's certificate names (a request
//   from a confined helper, and a document that phones home). Checked here without them.
// - whether the certificate database opened: poppler falls back to none without a word.
#include "csplash.h"

#include <poppler/Form.h>
#include <poppler/Object.h>
#include <poppler/goo/GooString.h>

#include <cert.h>
#include <cms.h>
#include <nss.h>
#include <secerr.h>

#include <glib-object.h>

#include <cstring>
#include <ctime>
#include <string>

// libpoppler's, whose headers (SignatureHandler.h, SignatureInfo.h) Debian does not install:
// the members used here, as poppler 22.12 declares them.
class SignatureHandler {
public:
    static void setNSSDir(const GooString &nssDir);
};
enum SignatureValidationStatus {
    SIGNATURE_VALID, SIGNATURE_INVALID, SIGNATURE_DIGEST_MISMATCH, SIGNATURE_DECODING_ERROR, SIGNATURE_GENERIC_ERROR,
    SIGNATURE_NOT_FOUND, SIGNATURE_NOT_VERIFIED
};
class SignatureInfo {
public:
    SignatureValidationStatus getSignatureValStatus() const;
    const char *getSignerName() const;
    time_t getSigningTime() const;
};

namespace {
// poppler-glib's PopplerFormField (poppler-private.h, not installed): a GObject, its
// document, then libpoppler's widget. Unchanged since poppler-glib began.
struct GlibFormFieldLayout {
    GObject parent;
    void *document;
    FormWidget *widget;
};

FormFieldSignature *signatureField(void *poppler_form_field) {
    if (!poppler_form_field) return nullptr;
    FormWidget *widget = static_cast<GlibFormFieldLayout *>(poppler_form_field)->widget;
    if (!widget || widget->getType() != formSignature || !widget->getField()) return nullptr;
    return static_cast<FormFieldSignature *>(widget->getField());
}

// The signer's certificate checked; `decoded` says whether the signature's CMS could be read.
int certificateStatus(const GooString *signature, bool *decoded) {
    if (!signature || signature->getLength() <= 0) return 5;
    SECItem der = {siBuffer, reinterpret_cast<unsigned char *>(const_cast<char *>(signature->c_str())), unsigned(signature->getLength())};
    NSSCMSMessage *message = NSS_CMSMessage_CreateFromDER(&der, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
    if (!message) return 5;
    *decoded = true;
    int status = 5;
    NSSCMSContentInfo *content = NSS_CMSMessage_ContentLevel(message, 0);
    auto *signedData = content ? static_cast<NSSCMSSignedData *>(NSS_CMSContentInfo_GetContent(content)) : nullptr;
    // The certificates the signature carries (its signer's, intermediates), as temporary ones.
    if (signedData && NSS_CMSSignedData_ImportCerts(signedData, CERT_GetDefaultCertDB(), certUsageEmailSigner, PR_FALSE) == SECSuccess) {
        NSSCMSSignerInfo *signer = NSS_CMSSignedData_GetSignerInfo(signedData, 0);
        CERTCertificate *certificate = signer ? NSS_CMSSignerInfo_GetSigningCertificate(signer, CERT_GetDefaultCertDB()) : nullptr;
        if (certificate) {
            CERTValInParam in[3];
            in[0].type = cert_pi_revocationFlags;
            in[0].value.pointer.revocation = CERT_GetClassicOCSPDisabledPolicy();
            in[1].type = cert_pi_date;
            in[1].value.scalar.time = PR_Now();
            in[2].type = cert_pi_end;
            if (CERT_PKIXVerifyCert(certificate, certificateUsageEmailSigner, in, nullptr, nullptr) == SECSuccess) {
                status = 0;
            } else {
                switch (PORT_GetError()) {
                case SEC_ERROR_UNTRUSTED_ISSUER:
                case SEC_ERROR_UNTRUSTED_CERT:
                case SEC_ERROR_CA_CERT_INVALID: status = 1; break;
                case SEC_ERROR_UNKNOWN_ISSUER: status = 2; break;
                case SEC_ERROR_REVOKED_CERTIFICATE: status = 3; break;
                case SEC_ERROR_EXPIRED_CERTIFICATE:
                case SEC_ERROR_EXPIRED_ISSUER_CERTIFICATE: status = 4; break;
                default: status = 5;
                }
            }
        }
    }
    NSS_CMSMessage_Destroy(message);
    return status;
}
}

extern "C" int csplash_signatures_prepare(const char *directory) {
    const bool opened = directory && NSS_Init((std::string("sql:") + directory).c_str()) == SECSuccess;
    if (!opened) NSS_NoDB_Init(nullptr);
    // poppler's own set-up, now a no-op but for its root certificates module: it must not
    // choose a database of its own later, inside the sandbox.
    SignatureHandler::setNSSDir(GooString());
    return opened ? 1 : 0;
}

extern "C" int csplash_signature_facts(void *poppler_form_field, csplash_signature *out) {
    FormFieldSignature *field = signatureField(poppler_form_field);
    if (!field || !out) return -1;
    try {
        *out = csplash_signature {};
        // The signed bytes only (the certificate below), at the time of checking; owned by the field.
        const SignatureInfo *info = field->validateSignature(false, false, -1, false, false);
        out->status = info ? int(info->getSignatureValStatus()) : int(SIGNATURE_GENERIC_ERROR);
        if (info && info->getSignerName()) std::strncpy(out->signer, info->getSignerName(), sizeof out->signer - 1);
        out->signing_time = info ? (long long)info->getSigningTime() : 0;
        Object *range = field->getByteRange();
        for (int i = 0; range && range->isArray() && i < range->arrayGetLength() && out->range_count < 16; i++) {
            Object number = range->arrayGet(i);
            out->ranges[out->range_count++] = number.isInt() ? number.getInt() : number.isInt64() ? number.getInt64() : -1;
        }
        AnnotWidget *annotation = static_cast<GlibFormFieldLayout *>(poppler_form_field)->widget->getWidgetAnnotation();
        out->page = annotation ? annotation->getPageNum() - 1 : -1;
        bool decoded = false;
        out->certificate = certificateStatus(field->getSignature(), &decoded);
        // poppler 22.12 calls a signature whose CMS does not decode a generic error.
        if (!decoded && out->status == SIGNATURE_GENERIC_ERROR) out->status = SIGNATURE_DECODING_ERROR;
        return 0;
    } catch (...) {
        return -1;
    }
}
