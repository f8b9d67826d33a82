package dev.modelsphere.swiss.server.upstream;

/** Quoting for a POSIX shell command line. */
final class Shell {
  private Shell() {}

  /** Taken literally by the shell; a single quote inside becomes {@code '\''}. */
  static String singleQuoted(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  /** Quoted so the shell still expands a {@code $VARIABLE} inside it, and nothing else. */
  static String doubleQuoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("`", "\\`") + "\"";
  }
}
