import FoundationEssentials
import Glibc
import ThumbgenKit

/// Waits for a change that calls for a build, then for the burst it belongs to to end: an
/// editor's save is a write and a rename, a copy of a folder is hundreds of files, and one build
/// after the last of them is what the user wants.
struct ChangeWaiter {
    /// Quiet time after the last event before a build starts. An editor's atomic save and a
    /// `cp` of a few files land within a few milliseconds of each other; 100 ms joins them
    /// while keeping the change-to-rebuild time (`WatchTests`) well under a second.
    static let quiet = 0.1
    /// A stream of changes that never pauses still gets a build this often, in seconds.
    static let longest = 2.0

    enum Outcome: Equatable {
        /// Something changed; the watch set may need new folders.
        case changed
        /// SIGINT or SIGTERM.
        case stopped
    }

    let events: FolderEvents
    /// The reading end of the signal pipe (`tg_signals_to_pipe`).
    let signals: Int32

    /// Blocks until a change that `site` says matters has been followed by `quiet` seconds of
    /// calm, or a signal comes. New folders are watched as they appear, so that files copied
    /// into them during the burst are seen too.
    func wait(for site: WatchedSite) -> Outcome {
        var first: Double?
        var last = 0.0
        while true {
            let now = Self.seconds()
            var timeout: Int32 = -1
            if let first {
                let until = min(last + Self.quiet, first + Self.longest)
                guard until > now else { return .changed }
                timeout = Int32(((until - now) * 1000).rounded(.up))
            }
            var descriptors = [pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0, errno != EINTR { return .stopped }
            if descriptors[1].revents != 0 { return .stopped }
            guard descriptors[0].revents != 0 else { continue }
            let batch = events.drain()
            if batch.contains(where: { $0.isFolder && site.matters($0) }) {
                events.watch(site.folders)
            }
            if batch.contains(where: site.matters) {
                last = Self.seconds()
                if first == nil { first = last }
            }
        }
    }

    /// True when a signal has come since the last look (during a build, say).
    func signalled() -> Bool {
        var descriptor = pollfd(fd: signals, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// A monotonic clock in seconds.
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
