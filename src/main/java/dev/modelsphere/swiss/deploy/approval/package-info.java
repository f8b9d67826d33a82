/**
 * A second pair of eyes: on a site whose profile says {@code requireApproval}, each install, apply,
 * rollback and uninstall needs an approval of exactly that write by another user, which the write
 * then spends. The requests live in the store beside the audit log, so every replica sees the same
 * ones.
 */
package dev.modelsphere.swiss.deploy.approval;
