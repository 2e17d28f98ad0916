// Types of the parts of scripts/bench-lib.mjs that the TypeScript tests import.
export interface BenchTarget {
  name: string;
  value: string | number;
  target: string;
  pass: boolean;
}

export declare function targetReport(targets: BenchTarget[]): {
  lines: string[];
  missed: string[];
  summary: string | null;
  exitCode: 0 | 1;
};

export declare function serverCpuPerRequest(options: {
  baseUrl: string;
  makeRequest: (i: number) => { path: string; init?: RequestInit };
  check: (status: number, text: string) => boolean;
  requests: number;
  concurrency: number;
  listPids: () => number[];
}): Promise<{ requests: number; seconds: number; cpuMsPerRequest: number; cpuMsPerRequestByPid: Record<string, number> }>;
