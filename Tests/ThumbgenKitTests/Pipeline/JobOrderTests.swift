import TestSupport
import Testing

@testable import ThumbgenKit

@Suite struct JobOrderTests {
    /// One worker takes the jobs in their order, largest first, as before the two ends.
    @Test func oneWorkerTakesTheJobsInOrder() {
        var order = JobOrder(count: 5, workers: 1)
        var taken: [Int] = []
        while let index = order.next() {
            taken.append(index)
            order.finished(index)
        }
        #expect(taken == [0, 1, 2, 3, 4])
    }

    /// Two workers start on the largest job and the smallest, not on the two largest; the one that
    /// finishes first goes on from its own end.
    @Test func twoWorkersStartAtBothEnds() {
        var order = JobOrder(count: 6, workers: 2)
        let first = order.next(), second = order.next()
        #expect(first == 0)
        #expect(second == 5)
        order.finished(5)
        #expect(order.next() == 4)
        order.finished(0)
        #expect(order.next() == 1)  // the large end is free again
        order.finished(4)
        #expect(order.next() == 3)
        order.finished(1)
        #expect(order.next() == 2)
        #expect(order.next() == nil)
    }

    /// Whatever order the jobs finish in, every job is handed out once, and no more than half the
    /// workers (rounded up) ever hold a job from the large end at once.
    @Test func everyJobOnceAndHalfTheWorkersAtTheLargeEnd() {
        var random = SplitMix(seed: 35)
        for workers in 1...8 {
            for count in [0, 1, 2, 3, 7, 50] {
                var order = JobOrder(count: count, workers: workers)
                var running: [Int] = [], taken: [Int] = []
                while true {
                    while running.count < workers, let index = order.next() {
                        running.append(index)
                        taken.append(index)
                    }
                    if taken.count == running.count, count >= workers {
                        // The first hand-out: the largest to half the workers (rounded up), the smallest to the rest.
                        let large = (workers + 1) / 2
                        #expect(taken == Array(0..<large) + (count - (workers - large)..<count).reversed(), "\(workers) workers, \(count) jobs")
                    }
                    // Handed out from the large end: below `front` (which only grows; `back` only shrinks).
                    #expect(running.filter { $0 < order.front }.count <= (workers + 1) / 2)
                    guard !running.isEmpty else { break }
                    let done = running.remove(at: Int(random.next() % UInt64(running.count)))
                    order.finished(done)
                }
                #expect(taken.sorted() == Array(0..<count), "\(workers) workers, \(count) jobs")
            }
        }
    }
}
