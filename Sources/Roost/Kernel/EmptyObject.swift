import Hummingbird

/// `{}`, which Sendbird answers for deletions and other changes with nothing to show.
struct EmptyObject: ResponseEncodable {}
