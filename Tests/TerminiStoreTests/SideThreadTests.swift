#if canImport(Glibc)
import Glibc
#endif
import Testing
import TerminiStore

/// The side thread the frame is drawn on while the main thread syncs the journal: the two
/// jobs run at the same time, on two threads, and the drawing's result comes back.
@Suite struct SideThreadTests {
    /// A flag one thread raises and another waits for, with a limit (a test never hangs).
    final class Flag: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        private var changed = pthread_cond_t()
        private var raised = false
        init() {
            pthread_mutex_init(&mutex, nil)
            pthread_cond_init(&changed, nil)
        }
        func raise() {
            pthread_mutex_lock(&mutex)
            raised = true
            pthread_cond_broadcast(&changed)
            pthread_mutex_unlock(&mutex)
        }
        /// Whether the flag was raised within `seconds`.
        func wait(seconds: Int) -> Bool {
            var limit = timespec()
            clock_gettime(CLOCK_REALTIME, &limit)
            limit.tv_sec += seconds
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            while !raised {
                if pthread_cond_timedwait(&changed, &mutex, &limit) == ETIMEDOUT { return raised }
            }
            return true
        }
    }

    @Test func theJobRunsOnAnotherThreadWhileTheCallerWorks() {
        let side = SideThread()
        let caller = pthread_self()
        for round in 0..<200 {
            // Each waits for the other: run in turn (either order) they would time out.
            let jobStarted = Flag(), callerWorking = Flag()
            var callerSaw = false
            let result = side.overlap({ () -> (Int, Bool, Bool) in
                jobStarted.raise()
                return (round, callerWorking.wait(seconds: 5), pthread_equal(pthread_self(), caller) != 0)
            }, with: {
                callerWorking.raise()
                callerSaw = jobStarted.wait(seconds: 5)
            })
            #expect(result.0 == round)
            #expect(result.1 && callerSaw, "round \(round): the two jobs did not run at the same time")
            #expect(!result.2, "round \(round): the job ran on the caller's thread")
            if !(result.1 && callerSaw) || result.2 { break }
        }
    }

    @Test func theJobSeesWhatTheCallerWroteBeforeAndTheCallerSeesItsResult() {
        let side = SideThread()
        var shared = [Int]()
        for i in 0..<1_000 {
            shared.append(i)
            let seen = side.overlap({ shared.count }, with: {})
            #expect(seen == i + 1)
            if seen != i + 1 { break }
        }
    }
}
