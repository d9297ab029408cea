import Glibc

/// A mutual-exclusion lock and a condition to wait on, over pthreads.
///
/// The pthread objects live on the heap, allocated and initialised once: pthreads needs them at
/// one address for their whole life, and Swift promises no stable address for a stored
/// property passed with `&` (it may hand over a temporary copy).
package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        condition.deallocate()
        mutex.deallocate()
    }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal; call with the lock held (inside `withLock`).
    func wait() { pthread_cond_wait(condition, mutex) }

    func broadcast() { pthread_cond_broadcast(condition) }

    /// Where the mutex lives: the same for the object's whole life (for tests).
    var mutexAddress: UnsafeRawPointer { UnsafeRawPointer(mutex) }
}

/// Runs `body` on `count` threads of its own and waits for all of them.
enum Threads {
    /// Each worker's stack: deep enough for the decoders' C libraries.
    static let defaultStackSize = 4 << 20

    static func run(_ count: Int, stackSize: Int = defaultStackSize, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        defer { pthread_attr_destroy(&attributes) }
        var threads: [pthread_t] = []
        for _ in 0..<count {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(Box(body)).toOpaque()
            let started = pthread_create(&thread, &attributes, { argument in
                let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
                box.body()
                return nil
            }, box)
            if started == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()  // no thread to be had: run here
            }
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
