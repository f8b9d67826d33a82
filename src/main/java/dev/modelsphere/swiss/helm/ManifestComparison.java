package dev.modelsphere.swiss.helm;

import java.util.List;

/** The object-by-object result of comparing one side (a release, the live cluster) with a plan. */
public record ManifestComparison(String against, List<ObjectChange> objects) {

  public ManifestComparison {
    objects = List.copyOf(objects);
  }

  public boolean changed() {
    return objects.stream().anyMatch(ObjectChange::changed);
  }

  public List<ObjectChange> changes() {
    return objects.stream().filter(ObjectChange::changed).toList();
  }

  /** A readable report: one line per object, then the diff of each changed one. */
  public String render() {
    StringBuilder out = new StringBuilder();
    out.append("against ")
        .append(against)
        .append(": ")
        .append(
            changed()
                ? changes().size() + " of " + objects.size() + " objects change"
                : "no changes")
        .append('\n');
    for (ObjectChange object : objects) {
      out.append("  ")
          .append(object.change().name().toLowerCase())
          .append(' ')
          .append(object.key())
          .append('\n');
    }
    for (ObjectChange object : changes()) {
      out.append('\n').append(object.diff());
      if (!object.diff().endsWith("\n")) {
        out.append('\n');
      }
    }
    return out.toString();
  }
}
