import ParleyModel

/// One import of a Slack export, a day file at a time: the workspace lists first, then every
/// day file in ``SlackExportFiles/days`` order, each one's messages converted by its
/// ``SlackConversation`` and handed to the sink as they are read, or, without a sink, kept
/// and gathered into threads at the end (the whole import). Either way the same code reads and
/// converts every day file, so the two imports cannot drift apart.
///
/// Between day files a streamed import keeps each conversation's ``SlackReplyIndex`` (ids only)
/// until its last day file is read, when the conversation's diagnostics are added, and the people
/// known by id: the workspace's users and those the messages read so far named themselves
/// (``SlackMessageConverter/convert(_:people:)``), who are added to the directory at the end.
struct SlackExportReading {
    let files: SlackExportFiles
    let title: String

    /// Reads the export; with a `sink`, each message goes to it as soon as it is read (in day file
    /// order; duplicate ids are the sink's to resolve) and the result's channels have no messages;
    /// without one, each channel holds its messages in time order with each thread's replies after
    /// their parent (``SlackThreads``), a duplicate id merged and reported.
    /// - Returns: the transcript (the workspace's channels sorted by kind then name, the
    ///   directory: the workspace's users, and the people and bots only the messages named) and the
    ///   diagnostics.
    /// - Throws: ``ImportError`` for a malformed list file, a damaged zip or a day file that cannot
    ///   be read; a malformed day file is skipped and reported instead.
    /// - Complexity: O(bytes of the export) time; without a sink O(messages) memory, with one
    ///   O(lists + people named + ids of one conversation's messages) (a zip's conversations may be
    ///   read interleaved: then of those under way).
    func read(into sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        var workspace = try SlackWorkspace(lists: files.lists, name: files.name)
        var conversations: [String: SlackConversation] = [:]
        var dayFilesLeft: [String: Int] = [:]
        for day in files.days { dayFilesLeft[day.folder, default: 0] += 1 }
        let folders = dayFilesLeft.keys.sorted()
        for folder in folders { conversations[folder] = workspace.conversation(folder: folder) }
        let channels = folders.compactMap { conversations[$0]?.channel }
        var diagnostics = workspace.diagnostics
        var kept: [String: [(day: String, records: [SlackThreads.Record])]] = [:]
        var people = workspace.users
        try files.forEachDay { day, bytes throws(ImportError) in
            // Taken out while it reads, so that its index is not copied on write.
            guard var conversation = conversations.removeValue(forKey: day.folder) else { return }
            let channel = conversation.channel
            var records: [SlackThreads.Record] = []
            try conversation.read(bytes, day: day.day, people: &people) { message, location in
                if let sink { sink.accept(message, in: channel, at: location) } else { records.append((message, location)) }
            }
            if sink == nil { kept[day.folder, default: []].append((day.day, records)) }
            dayFilesLeft[day.folder, default: 1] -= 1
            guard dayFilesLeft[day.folder] == 0 else { return conversations[day.folder] = conversation }
            diagnostics += conversation.diagnostics + conversation.missingReplies()
        }
        var directory = workspace.directory
        for (id, author) in people where directory.users[id] == nil { directory.users[id] = author.shownName }
        var transcript = Transcript(title: title, channels: channels, directory: directory)
        if sink == nil {
            for index in transcript.channels.indices {
                let folder = folders[index]
                var threads = SlackThreads()
                let days = (kept[folder] ?? []).sorted { $0.day < $1.day }
                transcript.channels[index].messages = threads.gather(days.flatMap(\.records))
                diagnostics += threads.diagnostics
            }
        }
        transcript.channels.sort { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
        return ImportResult(transcript: transcript, diagnostics: diagnostics, format: .slack)
    }
}
