import CLibXML2
import Foundation

extension XMLStreamReader {
    /// Collects the first error libxml2 reports, so it is not printed on standard error.
    final class ErrorSink {
        struct Report {
            var line: Int
            var message: String
        }

        var first: Report?
    }

    /// Routes the reader's errors into ``errors`` (warnings are ignored).
    func installErrorHandler() {
        let sink = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
                guard sink.first == nil else { return }
                let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
                sink.first = ErrorSink.Report(
                    line: Int(error.pointee.line), message: message.trimmingCharacters(in: .whitespacesAndNewlines))
            }, sink)
    }
}
