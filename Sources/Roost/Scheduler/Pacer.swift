import Foundation

/// Paces a heavy job's long part that runs in one go on a thread of its own (an export read
/// from one snapshot): between parts, it pauses `Scheduler.heavyJobYield` times as long as the
/// part took, so that the job leaves most of the machine's two cores to other clients, as the
/// scheduler does between a job's steps.
struct Pacer {
    private var partStarted = ContinuousClock.now

    /// Ends a part: pauses, then the next part starts.
    mutating func pause() {
        let took = ContinuousClock.now - partStarted
        let (seconds, attoseconds) = (took * Scheduler.heavyJobYield).components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
        partStarted = ContinuousClock.now
    }
}
