package dev.modelsphere.swiss.server.upstream;

/** The start of an answer's body, enough to show a person what came back. */
final class Snippet {
  static final int MAX_CHARACTERS = 400;

  private Snippet() {}

  static String of(String body) {
    String trimmed = body.strip();
    if (trimmed.codePointCount(0, trimmed.length()) <= MAX_CHARACTERS) {
      return trimmed;
    }
    return trimmed.substring(0, trimmed.offsetByCodePoints(0, MAX_CHARACTERS)) + "…";
  }
}
