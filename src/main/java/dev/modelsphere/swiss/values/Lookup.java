package dev.modelsphere.swiss.values;

/**
 * The answer to "what is at this path": {@code present} is true when every segment exists, even
 * when the value found there is an explicit null.
 */
public record Lookup(boolean present, Object value) {
  static final Lookup ABSENT = new Lookup(false, null);

  static Lookup of(Object value) {
    return new Lookup(true, value);
  }
}
