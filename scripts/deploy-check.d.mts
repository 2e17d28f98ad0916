// Types of scripts/deploy-check.mjs for the TypeScript tests that import it.
export declare const SECRET_KEYS: string[];

export interface TomlTable {
  name: string;
  isArray: boolean;
  values: Record<string, string>;
}

export interface DeployConfig {
  vars: Record<string, string>;
  d1DatabaseIds: string[];
  kvNamespaceIds: string[];
  hasSendEmailBinding: boolean;
}

export declare function parseTomlTables(text: string): TomlTable[];
export declare function deployConfigFromToml(text: string): DeployConfig;
export declare function deployProblems(
  config: DeployConfig & { secretNames: string[] | null; secretListError?: string; skipSecretCheck?: boolean },
): string[];
