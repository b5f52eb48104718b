extension HelpText {
    static let serve = """
        parley serve — serve live transcript pages

        USAGE
          parley serve INPUT... [options]
          parley serve --demo [options]

        Serves each channel's latest messages as a live page (/c/CHANNEL) that follows the
        channel over Server-Sent Events (/c/CHANNEL/events), a channel list (/), /healthz and
        /metrics (Prometheus). INPUT is read, merged and filtered as 'parley render' reads it, with
        the same INPUT OPTIONS; the filters (--after, --before, --channel) apply to the inputs read
        at start, not to events posted or followed later. SIGINT (Ctrl-C) or SIGTERM stops the
        server cleanly. With --demo, --db, --token or PARLEY_TOKEN, bots post Parley JSON Lines
        events to POST /c/CHANNEL/events (Authorization: Bearer TOKEN); each accepted batch is
        committed to the database before the reply, and restored at start.
        Without --viewer-token anyone who can connect may watch: the default --host is loopback,
        and binding beyond it without a viewer token prints a warning.

        OPTIONS
              --host HOST         the address to listen on (default 127.0.0.1)
          -p, --port PORT         the TCP port (default 8080; 0 picks a free one)
              --max-viewers N     the most event streams open at once (default 1000)
              --event-loops N     HTTP event-loop threads sharing the connections (default 1;
                                  more spread sending to many viewers over cores)
              --max-connections-per-ip N  the most connections one client address may hold
                                  (default 64; 0 for no limit, needed behind a reverse proxy)
              --window N          the latest N messages (and up to N/8 more) of a channel on its live page (default 500)
              --timezone NAME     IANA time zone for days and times (default UTC)
              --theme NAME|FILE.css  the pages' look, as 'parley render --theme' (parley, discord, slack,
                                  bubbles, chatgpt, or a stylesheet of yours served as /public/theme.css;
                                  default: each channel's app's theme)
              --demo              serve the built-in sample transcript
              --follow            tail INPUT, one Parley JSON Lines file, as it grows (not with --demo)
              --db PATH|URI       where posted events are committed: a SQLite file (default
                                  $XDG_STATE_HOME/parley/events.sqlite; --demo: a temporary one),
                                  or a PostgreSQL database (postgresql://HOST/DB or 'host=… dbname=…';
                                  PG* variables apply) that several parley serve share
              --token TOKEN       the bearer token of POST /c/CHANNEL/events (default
                                  $PARLEY_TOKEN, else a random one, printed once)
              --max-body BYTES    the largest posted body (default 1048576; more gets 413)
              --create-channels   a post to an unknown channel id creates the channel (else 404);
                                  channels created so are served again from --db after a restart
              --viewer-token TOKEN  require TOKEN to see pages, streams and /metrics (default
                                  $PARLEY_VIEWER_TOKEN; at least 16 characters); viewers open
                                  the printed address with ?token=TOKEN once, then a cookie holds it
              --allowed-hosts NAMES  comma-separated Host names to answer besides IP addresses,
                                  localhost and --host (against DNS rebinding); * accepts any
          -q, --quiet             print nothing but errors
          -v, --verbose           after the start line (still the first), print one line per message
                                  already in an earlier input (its channel and id, the two inputs,
                                  which copy was kept and why); the summary lists every channel with
                                  such messages, not only the 10 with most. Not with -q (exit 64)
          -h, --help              show this help

        \(inputOptions)

        EXIT STATUS
          0 stopped by SIGINT or SIGTERM, 64 usage error, 65 bad input data,
          66 input missing or unreadable, 69 the address is in use or unusable, 74 resources missing.

        EXAMPLES
          parley serve --demo --port 0
          PARLEY_VIEWER_TOKEN=$(head -c 24 /dev/urandom | base64 | tr +/ -_) \\
            parley serve export.json --host 0.0.0.0 --port 8080 --max-viewers 5000

        """
}
