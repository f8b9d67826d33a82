package dev.modelsphere.swiss.server.state;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Whether the server can do its job now. Gates decide it (the API server answers; later, the
 * informers have synced); notes only report (which catalogs and profile are cached) and never
 * trigger a fetch, so a probe stays cheap.
 */
public final class Readiness {
  public static final String OK = "ok";

  /** Something the server cannot serve without. */
  public interface Gate {
    String name();

    /** {@value Readiness#OK}, or what is wrong. */
    String check();
  }

  /** The answer of {@code /readyz}. */
  public record Report(boolean ready, Map<String, String> checks) {}

  private final List<Gate> gates;
  private final Map<String, Supplier<String>> notes;

  public Readiness(List<Gate> gates, Map<String, Supplier<String>> notes) {
    this.gates = List.copyOf(gates);
    this.notes = new LinkedHashMap<>(notes);
  }

  /** Whether every gate passes, without the notes (which may ask the database). */
  public boolean gatesPass() {
    return gates.stream().allMatch(gate -> OK.equals(gate.check()));
  }

  public Report check() {
    Map<String, String> checks = new LinkedHashMap<>();
    boolean ready = true;
    for (Gate gate : gates) {
      String result = gate.check();
      checks.put(gate.name(), result);
      ready &= OK.equals(result);
    }
    notes.forEach((name, note) -> checks.put(name, note.get()));
    return new Report(ready, checks);
  }
}
