package dev.modelsphere.swiss.deploy.writes;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The process that writes a release, named so that whoever it blocks can find it: what it is, the
 * host and the pid ({@code swiss CLI on build-7 pid 4242}).
 */
public record Writer(String identity) {

  public static Writer thisProcess(String kind) {
    return new Writer("%s on %s pid %d".formatted(kind, hostName(), ProcessHandle.current().pid()));
  }

  /** The action as the refusal's verb: "is being applied by ...". */
  static String doing(String action) {
    return switch (action == null ? "" : action) {
      case "install" -> "installed";
      case "apply" -> "applied";
      case "rollback" -> "rolled back";
      case "uninstall" -> "uninstalled";
      default -> "changed";
    };
  }

  private static String hostName() {
    String env = System.getenv("HOSTNAME");
    if (env != null && !env.isBlank()) {
      return env;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "an unknown host";
    }
  }
}
