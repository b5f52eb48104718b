import Foundation

/// Small inputs of every format Parley reads, written after the real formats, with one numeric
/// field set to a chosen value: the boundary-value sweep's documents. Each holds an odd message
/// (the one whose field is swept) and a normal one, so a sweep can check that an odd record never
/// costs the rest.
struct BoundaryInput: CustomStringConvertible, Sendable {
    /// A value to put in a numeric field: as a JSON token (`1e300`, `"NaN"`) and as bare text
    /// (for fields the format writes as strings: Telegram's `date_unixtime`, Slack's `ts`, XML
    /// attributes, text lines).
    struct Value: Sendable {
        var json: String
        var text: String
    }

    var format: String
    var field: String
    /// The file (or folder) name to write, e.g. `result.json`.
    var name: String
    /// The field's value when the input is read as a control (a value real exports hold).
    var normal: Value
    /// The document's files (one for a file input, several for a Slack folder) with `value` in `field`.
    var files: @Sendable (Value) -> [String: String]

    var description: String { "\(format).\(field)" }

    /// 0, −1, ±2^31 and neighbours, ±2^53 and neighbours, ±2^63 and neighbours, ±1e300 and
    /// strings that only look like numbers.
    static let values: [Value] =
        [
            "0", "-1", "1", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296", "9007199254740991",
            "9007199254740992", "9007199254740993", "-9007199254740992", "9223372036854775806", "9223372036854775807",
            "9223372036854775808", "-9223372036854775807", "-9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "1e300", "-1e300", "1.5", "-0.0",
        ].map { Value(json: $0, text: $0) } + ["NaN", "Infinity", "-Infinity", "1e309", ""].map { Value(json: "\"\($0)\"", text: $0) }

    /// Every numeric field of every format's reader.
    static let all: [BoundaryInput] = discord + telegram + chatGPT + matrix + slack + sms + whatsApp + parley

    private static func json(_ value: String) -> Value { Value(json: value, text: value) }

    static let discord: [BoundaryInput] = ["count", "fileSizeBytes", "width", "height", "unix"].map { field in
        BoundaryInput(format: "discord", field: field, name: "export.json", normal: json(field == "unix" ? "1700000000" : "2")) { value in
            func v(_ name: String) -> String { name == field ? value.json : "2" }
            let unix = field == "unix" ? value.text : "1700000000"
            return [
                "export.json": """
                {"guild":{"id":"g1","name":"Guild"},"channel":{"id":"c1","type":"GuildTextChat","name":"general"},
                 "messages":[
                  {"id":"101","type":"Default","timestamp":"2024-03-01T10:00:00.000+00:00","content":"odd <t:\(unix):R>",
                   "author":{"id":"11","name":"ana"},
                   "attachments":[{"id":"a1","url":"a.png","fileName":"a.png","fileSizeBytes":\(v("fileSizeBytes"))}],
                   "embeds":[{"title":"t","thumbnail":{"url":"https://example.org/t.png","width":\(v("width")),"height":\(v("height"))}}],
                   "reactions":[{"emoji":{"id":null,"name":"👍"},"count":\(v("count"))}]},
                  {"id":"102","type":"Default","timestamp":"2024-03-01T10:01:00.000+00:00","content":"normal","author":{"id":"11","name":"ana"}}
                 ]}
                """
            ]
        }
    }

    static let telegram: [BoundaryInput] = [
        "date_unixtime", "edited_unixtime", "id", "reply_to_message_id", "duration_seconds", "file_size", "width", "count",
        "voters", "latitude",
    ].map { field in
        let stringField = field.hasSuffix("_unixtime")
        return BoundaryInput(
            format: "telegram", field: field, name: "result.json", normal: json(stringField ? "1700000100" : "3")
        ) { value in
            func v(_ name: String, _ normal: String = "3") -> String {
                guard name == field else { return normal }
                return stringField ? "\"\(value.text)\"" : value.json
            }
            return [
                "result.json": """
                {"name":"Group","type":"private_supergroup","id":1234567890,"messages":[
                 {"id":424242,"type":"message","date":"2023-11-15T00:14:20","date_unixtime":"1700000060","from":"Ana","from_id":"user1",
                  "text":"normal","text_entities":[{"type":"plain","text":"normal"}]},
                 {"id":\(v("id", "2")),"type":"message","date":"2023-11-15T00:15:00","date_unixtime":\(v("date_unixtime", "\"1700000100\"")),
                  "edited":"2023-11-15T00:16:00","edited_unixtime":\(v("edited_unixtime", "\"1700000160\"")),
                  "from":"Ben","from_id":"user2","reply_to_message_id":\(v("reply_to_message_id", "424242")),
                  "file":"files/a.ogg","media_type":"voice_message","duration_seconds":\(v("duration_seconds")),
                  "file_size":\(v("file_size")),"width":\(v("width")),"height":3,
                  "poll":{"question":"q","answers":[{"text":"a","voters":\(v("voters"))}]},
                  "location_information":{"latitude":\(v("latitude", "52.5")),"longitude":13.4},
                  "text":"odd","text_entities":[{"type":"plain","text":"odd"}],
                  "reactions":[{"type":"emoji","count":\(v("count")),"emoji":"👍"}]}
                ]}
                """
            ]
        }
    }

    static let chatGPT: [BoundaryInput] = ["create_time", "conversation_create_time", "size", "width"].map { field in
        BoundaryInput(
            format: "chatgpt", field: field, name: "conversations.json", normal: json(field.hasSuffix("time") ? "1700000002.5" : "10")
        ) { value in
            func v(_ name: String, _ normal: String) -> String { name == field ? value.json : normal }
            return [
                "conversations.json": """
                [{"title":"T","create_time":\(v("conversation_create_time", "1700000000.0")),"conversation_id":"conv-1","current_node":"a1",
                  "mapping":{
                   "root":{"id":"root","message":null,"parent":null,"children":["u1"]},
                   "u1":{"id":"u1","parent":"root","children":["a1"],"message":{"id":"u1","author":{"role":"user"},"create_time":1700000001.0,
                     "content":{"content_type":"text","parts":["normal"]},"metadata":{},"recipient":"all"}},
                   "a1":{"id":"a1","parent":"u1","children":[],"message":{"id":"a1","author":{"role":"assistant"},
                     "create_time":\(v("create_time", "1700000002.5")),"content":{"content_type":"text","parts":["odd"]},
                     "metadata":{"attachments":[{"id":"f1","name":"a.png","size":\(v("size", "10")),"width":\(v("width", "5")),"height":5}]},
                     "recipient":"all"}}}}]
                """
            ]
        }
    }

    static let matrix: [BoundaryInput] = ["origin_server_ts", "edit_ts", "size", "w", "duration"].map { field in
        BoundaryInput(
            format: "matrix", field: field, name: "room.json", normal: json(field.hasSuffix("ts") ? "1710000010000" : "10")
        ) { value in
            func v(_ name: String, _ normal: String) -> String { name == field ? value.json : normal }
            return [
                "room.json": """
                {"room_name":"Room","room_creator":"Alice","topic":"t","export_date":"09/03/2024","exported_by":"Alice","messages":[
                 {"type":"m.room.message","sender":"@alice:example.org","content":{"msgtype":"m.text","body":"normal"},
                  "origin_server_ts":1710000000000,"event_id":"$e1","room_id":"!room:example.org"},
                 {"type":"m.room.message","sender":"@alice:example.org","content":{"msgtype":"m.audio","body":"odd.ogg","url":"mxc://example.org/a",
                  "info":{"size":\(v("size", "10")),"w":\(v("w", "5")),"h":5,"duration":\(v("duration", "1500")),"mimetype":"audio/ogg"}},
                  "origin_server_ts":\(v("origin_server_ts", "1710000010000")),"event_id":"$e2","room_id":"!room:example.org"},
                 {"type":"m.room.message","sender":"@alice:example.org","content":{"msgtype":"m.text","body":"* edited","m.new_content":{"msgtype":"m.text","body":"odd, edited"},
                  "m.relates_to":{"rel_type":"m.replace","event_id":"$e2"}},
                  "origin_server_ts":\(v("edit_ts", "1710000020000")),"event_id":"$e3","room_id":"!room:example.org"}
                ]}
                """
            ]
        }
    }

    static let slack: [BoundaryInput] = ["ts", "edited_ts", "count", "size", "original_w"].map { field in
        let stringField = field.hasSuffix("ts")
        return BoundaryInput(
            format: "slack", field: field, name: "slack-export", normal: json(stringField ? "1704106800.000200" : "2")
        ) { value in
            func v(_ name: String, _ normal: String) -> String {
                guard name == field else { return normal }
                return stringField ? "\"\(value.text)\"" : value.json
            }
            return [
                "users.json": #"[{"id":"U01ANA","name":"ana","real_name":"Ana","profile":{"display_name":"Ana"}}]"#,
                "channels.json": #"[{"id":"C01GEN","name":"general","created":1704000000,"members":["U01ANA"]}]"#,
                "general/2024-01-01.json": """
                [{"type":"message","user":"U01ANA","text":"normal","ts":"1704103200.000100"},
                 {"type":"message","user":"U01ANA","text":"odd","ts":\(v("ts", "\"1704106800.000200\"")),
                  "edited":{"user":"U01ANA","ts":\(v("edited_ts", "\"1704106860.000000\""))},
                  "reactions":[{"name":"thumbsup","users":["U01ANA"],"count":\(v("count", "2"))}],
                  "files":[{"id":"F01","name":"a.png","mimetype":"image/png","size":\(v("size", "10")),"original_w":\(v("original_w", "5")),"original_h":5,
                    "url_private":"https://files.slack.com/a.png"}]}]
                """,
            ]
        }
    }

    static let sms: [BoundaryInput] = ["date", "type", "count", "date_mms", "msg_box"].map { field in
        BoundaryInput(format: "sms", field: field, name: "sms.xml", normal: json(field.hasPrefix("date") ? "1700000000000" : "1")) {
            value in
            func v(_ name: String, _ normal: String) -> String { name == field ? value.text : normal }
            return [
                "sms.xml": """
                <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
                <smses count="\(v("count", "3"))">
                  <sms protocol="0" address="+15550100" date="1699999000000" type="1" subject="null" body="normal" contact_name="Ann" />
                  <sms protocol="0" address="+15550100" date="\(v("date", "1700000000000"))" type="\(v("type", "2"))" subject="null" body="odd" contact_name="Ann" />
                  <mms date="\(v("date_mms", "1700000100000"))" msg_box="\(v("msg_box", "1"))" address="+15550100" contact_name="Ann" sub="null">
                    <parts><part seq="0" ct="text/plain" name="null" chset="106" cl="txt000.txt" text="odd mms" /></parts>
                    <addrs><addr address="+15550100" type="137" charset="106" /></addrs>
                  </mms>
                </smses>
                """
            ]
        }
    }

    static let whatsApp: [BoundaryInput] = ["year", "day", "hour"].map { field in
        BoundaryInput(
            format: "whatsapp", field: field, name: "chat.txt", normal: json(["year": "2023", "day": "31", "hour": "10"][field] ?? "")
        ) {
            value in
            func v(_ name: String, _ normal: String) -> String { name == field ? value.text : normal }
            return [
                "chat.txt": """
                31/12/2023, 10:00 - Ann: normal
                \(v("day", "31"))/12/\(v("year", "2023")), \(v("hour", "10")):05 - Ben: odd
                31/12/2023, 10:10 - Ann: normal again

                """
            ]
        }
    }

    static let parley: [BoundaryInput] = [
        "offset", "length", "count", "reaction_add", "sizeBytes", "width", "maximumGapMilliseconds", "version",
    ].map { field in
        BoundaryInput(format: "parley", field: field, name: "chat.jsonl", normal: json("1")) { value in
            func v(_ name: String, _ normal: String) -> String { name == field ? value.json : normal }
            let header =
                #"{"type":"header","format":"parley","version":\#(v("version", "1")),"channels":[{"id":"general","name":"general"}],"#
                + #""grouping":{"maximumGapMilliseconds":\#(v("maximumGapMilliseconds", "420000"))}}"#
            return [
                "chat.jsonl": """
                \(header)
                {"type":"message","channel":"general","id":"1","timestamp":"2024-03-08T09:15:02.123Z","author":{"id":"u1","name":"maya"},"content":"normal"}
                {"type":"message","channel":"general","id":"2","timestamp":"2024-03-08T09:16:02.123Z","author":{"id":"u1","name":"maya"},"content":"odd text",
                 "flavor":"spans","spans":[{"kind":"bold","offset":\(v("offset", "0")),"length":\(v("length", "3"))}],
                 "reactions":[{"emoji":"👍","count":\(v("count", "1"))}],
                 "attachments":[{"id":"a1","url":"a.png","fileName":"a.png","sizeBytes":\(v("sizeBytes", "10")),"width":\(v("width", "5"))}]}
                {"type":"reaction_add","channel":"general","id":"1","emoji":"👍","count":\(v("reaction_add", "1"))}

                """.replacingOccurrences(of: "\n \"", with: " \"")
            ]
        }
    }
}
