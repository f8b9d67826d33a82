package dev.modelsphere.swiss.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.util.List;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/** The {@code --log-level} of {@code swiss serve}: how much of swiss's own logging is written. */
final class LogLevel {
  static final List<String> NAMES = List.of("error", "warn", "info", "debug", "trace");

  private LogLevel() {}

  /**
   * Sets every swiss logger to {@code name}. The libraries' loggers keep their level: at debug they
   * would bury swiss's lines (SWISS_LOG_LEVEL opens them too).
   */
  static void applyToSwiss(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (!NAMES.contains(lower)) {
      throw new CliException(
          "--log-level %s is not one of %s".formatted(name, String.join(", ", NAMES)));
    }
    Logger swiss = (Logger) LoggerFactory.getLogger("dev.modelsphere.swiss");
    swiss.setLevel(Level.toLevel(lower));
    // The server's logger has its own level in logback.xml; it follows the flag too.
    ((Logger) LoggerFactory.getLogger("dev.modelsphere.swiss.server")).setLevel(null);
  }
}
