package dev.modelsphere.swiss.site;

/** Small text rules of the profile: URLs and namespace-qualified references. */
final class Text {
  private Text() {}

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
