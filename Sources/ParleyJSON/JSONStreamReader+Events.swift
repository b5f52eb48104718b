import CYAJL

extension JSONStreamReader {
    /// yajl's callbacks: each forwards one token to the ``JSONTreeBuilder`` behind `context` and
    /// returns 1 (go on), or 0 at the `{` of a record the gate passes over (the reader then resumes
    /// past the record with a fresh parser); while the parser reads the reader's resumption,
    /// values and keys are not even made.
    /// Numbers arrive as their text (`yajl_number`), so nothing is rounded. Strings and keys arrive
    /// unchecked (``parley_yajl_dont_validate_strings``): the builder reads invalid UTF-8 as U+FFFD.
    static let events = yajl_callbacks(
        yajl_null: { context in
            guard !builder(context).pointee.replaying else { return 1 }
            if builder(context).pointee.tapes {
                builder(context).pointee.tapeScalar(.null, nil)
                return 1
            }
            builder(context).pointee.value(.null)
            return 1
        },
        yajl_boolean: { context, value in
            guard !builder(context).pointee.replaying else { return 1 }
            if builder(context).pointee.tapes {
                builder(context).pointee.tapeScalar(.bool, nil, flag: value != 0)
                return 1
            }
            builder(context).pointee.value(.bool(value != 0))
            return 1
        },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, text, length in
            guard !builder(context).pointee.replaying else { return 1 }
            if builder(context).pointee.tapes {
                builder(context).pointee.tapeScalar(.number, UnsafeRawBufferPointer(start: text, count: length))
                return 1
            }
            builder(context).pointee.value(.number(string(text, length)))
            return 1
        },
        yajl_string: { context, text, length in
            guard !builder(context).pointee.replaying else { return 1 }
            let bytes = UnsafeRawBufferPointer(start: text, count: length)
            if builder(context).pointee.tapes {
                builder(context).pointee.tapeText(.string, bytes)
                return 1
            }
            builder(context).pointee.value(.string(builder(context).pointee.text(bytes)))
            return 1
        },
        yajl_start_map: { context in
            builder(context).pointee.startObject() ? 1 : 0
        },
        yajl_map_key: { context, text, length in
            guard !builder(context).pointee.replaying else { return 1 }
            let bytes = UnsafeRawBufferPointer(start: text, count: length)
            if builder(context).pointee.taping {
                builder(context).pointee.tapeText(.key, bytes)
                return 1
            }
            builder(context).pointee.key(builder(context).pointee.text(bytes))
            return 1
        },
        yajl_end_map: { context in
            builder(context).pointee.endObject()
            return 1
        },
        yajl_start_array: { context in
            builder(context).pointee.startArray()
            return 1
        },
        yajl_end_array: { context in
            builder(context).pointee.endArray()
            return 1
        })

    private static func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<JSONTreeBuilder> {
        context.unsafelyUnwrapped.assumingMemoryBound(to: JSONTreeBuilder.self)
    }

    private static func string(_ text: UnsafePointer<CChar>?, _ length: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
}
