package dev.modelsphere.swiss.cli;

import java.util.ArrayList;
import java.util.List;

/** Left-aligned text columns separated by two spaces, like a tab writer. */
final class Table {
  private final List<String[]> rows = new ArrayList<>();

  void add(String... cells) {
    rows.add(cells);
  }

  String render() {
    int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] widths = new int[cols];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(row[i]);
        if (i < row.length - 1) {
          line.append(" ".repeat(widths[i] - row[i].length() + 2));
        }
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
