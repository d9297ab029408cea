import Renditions

/// Bytes a client decodes to show every `(slot, scale)` of every image (width × height × 4), from
/// the originals against from the files the index points to; per slot and in total.
public struct DecodedMemory: Sendable {
    public struct Figures: Sendable, Equatable {
        public var originals = 0
        public var renditions = 0

        public init(originals: Int = 0, renditions: Int = 0) {
            self.originals = originals
            self.renditions = renditions
        }

        /// `57.3×`
        public var ratioText: String {
            renditions > 0 ? fixed(Double(originals) / Double(renditions), 1) + "×" : "–"
        }
    }

    public var slots: [String: Figures] = [:]
    public var total = Figures()

    public init() {}

    public init(index: RenditionIndex) {
        // Saturating: an unreadable original keeps the size its header claims, up to 2^31 a side,
        // and an index read from disk may hold any number (`report` reads one).
        func bytes(_ width: Int, _ height: Int) -> Int {
            guard width > 0, height > 0 else { return 0 }
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow || pixels > Int.max / 4 ? Int.max : pixels * 4
        }
        for record in index.images.values {
            for (key, entry) in record.renditions {
                let slot = String(key[..<(key.lastIndex(of: "@") ?? key.endIndex)])
                let original = bytes(record.width, record.height), shown = bytes(entry.width, entry.height)
                slots[slot, default: Figures()].originals = saturatingSum(slots[slot, default: Figures()].originals, original)
                slots[slot, default: Figures()].renditions = saturatingSum(slots[slot, default: Figures()].renditions, shown)
                total.originals = saturatingSum(total.originals, original)
                total.renditions = saturatingSum(total.renditions, shown)
            }
        }
    }
}

/// Bytes a client downloads to show every `(slot, scale)` of every image: the original each time,
/// against the file the index picks for a browser that shows every format written (the first
/// modern source when there is one, else the fallback).
public struct DownloadBytes: Sendable, Equatable {
    public var originals = 0
    public var renditions = 0

    public init(originals: Int = 0, renditions: Int = 0) {
        self.originals = originals
        self.renditions = renditions
    }

    public init(index: RenditionIndex) {
        for record in index.images.values {
            for entry in record.renditions.values {
                originals = saturatingSum(originals, max(0, record.bytes))
                renditions = saturatingSum(renditions, max(0, entry.sources?.first?.bytes ?? entry.bytes))
            }
        }
    }
}

/// `a + b`, or `Int.max` when it would overflow: the figures of an index read from disk may hold
/// any number.
private func saturatingSum(_ a: Int, _ b: Int) -> Int {
    a > Int.max - b ? Int.max : a + b
}
