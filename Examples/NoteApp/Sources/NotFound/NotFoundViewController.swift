/// What URLs that match no route open.
@MainActor
public final class NotFoundViewController {
  public let path: String?

  public init(path: String?) { self.path = path }
}
