package dev.modelsphere.swiss.helm;

/**
 * How one object differs between two sides of a comparison.
 *
 * @param diff a unified diff of the object's YAML, empty when unchanged
 */
public record ObjectChange(ObjectKey key, Change change, String diff) {

  public enum Change {
    ADDED,
    REMOVED,
    CHANGED,
    UNCHANGED
  }

  public boolean changed() {
    return change != Change.UNCHANGED;
  }
}
