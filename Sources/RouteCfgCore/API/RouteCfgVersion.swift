/// The version of routecfg.
public enum RouteCfgVersion {
  /// The tool and library version.
  public static let current = "0.1.0"
}
