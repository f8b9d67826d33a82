package dev.modelsphere.swiss.deploy.approval;

/**
 * One write as an approval names it: what it does to which release, with which plan (install,
 * apply) or to which revision (rollback).
 */
public record GuardedWrite(
    String action, String namespace, String release, String planHash, int toRevision) {

  public static GuardedWrite of(String action, String namespace, String release, String planHash) {
    return new GuardedWrite(action, namespace, release, planHash, 0);
  }

  public String ref() {
    return namespace + "/" + release;
  }
}
