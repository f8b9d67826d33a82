package dev.modelsphere.swiss.site;

/** Small text rules of the profile: trimmed names, URLs and namespace-qualified references. */
final class Text {
  private Text() {}

  /** Sites and catalog names are trimmed, as the reference trims them; null is empty. */
  static String trimmed(String s) {
    return s == null ? "" : s.strip();
  }

  static boolean isHttpUrl(String s) {
    return s.startsWith("http://") || s.startsWith("https://");
  }

  /** {@code ns/ref} for a bare name; a qualified or empty reference, or no namespace, unchanged. */
  static String qualify(String ref, String namespace) {
    if (ref.isEmpty() || namespace == null || namespace.isEmpty() || ref.contains("/")) {
      return ref;
    }
    return namespace + "/" + ref;
  }
}
