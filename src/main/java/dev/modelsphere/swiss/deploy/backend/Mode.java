package dev.modelsphere.swiss.deploy.backend;

/** Whether an apply creates a release or changes an existing one. */
public enum Mode {
  INSTALL,
  UPGRADE
}
