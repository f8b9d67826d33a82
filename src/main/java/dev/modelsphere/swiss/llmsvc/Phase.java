package dev.modelsphere.swiss.llmsvc;

/** Reconciliation phase; {@code Applied} and {@code Failed} are terminal for a generation. */
public enum Phase {
  Pending,
  Applying,
  Applied,
  Failed
}
