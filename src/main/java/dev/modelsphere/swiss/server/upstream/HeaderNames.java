package dev.modelsphere.swiss.server.upstream;

/**
 * HTTP header names in their canonical spelling ({@code x-api-key} becomes {@code X-Api-Key}), as
 * the reference's Go client writes them. One spelling per header lets a request's header replace
 * the profile's whatever case either used, and makes the reported names the ones sent.
 */
final class HeaderNames {
  private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

  private HeaderNames() {}

  /** The canonical spelling; a name with characters a header name cannot hold is kept as is. */
  static String canonical(String name) {
    if (name.isEmpty() || !name.chars().allMatch(HeaderNames::isTokenChar)) {
      return name;
    }
    StringBuilder out = new StringBuilder(name.length());
    boolean upper = true;
    for (char c : name.toCharArray()) {
      out.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
      upper = c == '-';
    }
    return out.toString();
  }

  private static boolean isTokenChar(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || TOKEN_SYMBOLS.indexOf(c) >= 0;
  }
}
