/// How the index is split for clients (`index: { split: … }`): not at all, or into one slice per
/// folder of originals beside the whole index (`IndexSlice`), so a page loads only its folder's.
public enum IndexSplit: String, CaseIterable, Sendable {
    case none
    case folder
}
