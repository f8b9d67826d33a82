package dev.modelsphere.swiss.helm;

import java.util.List;
import sun.misc.Signal;

/**
 * Hands the stop signals back to the JVM after a call into the Helm SDK. Helm subscribes to SIGTERM
 * and SIGINT while it installs or upgrades (to cancel on Ctrl-C), and the SDK's Go runtime then
 * keeps them: without this, a process that ran helm once ignores SIGTERM, so a pod being deleted is
 * killed at the end of its grace period instead of finishing its writes and stopping.
 */
final class JvmSignals {
  private static final List<String> STOP = List.of("TERM", "INT", "HUP");

  private JvmSignals() {}

  /** Stop signals run the shutdown hooks again, as the JVM's own handler does. */
  static void reclaim() {
    for (String name : STOP) {
      try {
        Signal.handle(new Signal(name), JvmSignals::exit);
      } catch (IllegalArgumentException reservedOrUnknown) {
        // -Xrs, or a platform without this signal: the JVM never handled it, nothing to give back.
      }
    }
  }

  private static void exit(Signal signal) {
    // Off the signal thread, as the JVM's Terminator does: exit waits for the hooks.
    new Thread(() -> System.exit(128 + signal.getNumber()), "swiss-stop-" + signal.getName())
        .start();
  }
}
