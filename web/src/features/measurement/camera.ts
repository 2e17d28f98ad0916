// Camera access of the quick scan (storefront spec sections 8 and 9): secure context, four-level
// constraint fallback, a 10 s metadata wait, capture after 1.5 s as JPEG quality 0.8.

export const METADATA_TIMEOUT_MS = 10_000;
export const CAPTURE_DELAY_MS = 1_500;
export const JPEG_QUALITY = 0.8;

/** Tried in order until one works. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints[] = [
  { video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false },
  { video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false },
  { video: { facingMode: 'environment' }, audio: false },
  { video: true, audio: false },
];

export type CameraErrorKind = 'permission-denied' | 'no-camera' | 'not-supported' | 'https-required' | 'api-unavailable';

export const CAMERA_ERRORS: Record<CameraErrorKind, { title: string; advice: string }> = {
  'permission-denied': {
    title: 'Camera permission denied',
    advice:
      'Allow camera access in your browser settings (the camera icon in the address bar) and try again, or upload a photo of your window instead.',
  },
  'no-camera': {
    title: 'No camera found',
    advice: 'We could not find a camera on this device. Upload a photo of your window instead.',
  },
  'not-supported': {
    title: 'Camera not supported',
    advice:
      'This browser cannot use the camera here. Try a current version of Chrome, Safari or Firefox, or upload a photo of your window instead.',
  },
  'https-required': {
    title: 'Secure connection required',
    advice:
      'The camera only works over a secure (HTTPS) connection. Open this page with https:// or upload a photo of your window instead.',
  },
  'api-unavailable': {
    title: 'Camera unavailable',
    advice:
      'The camera could not be started (it may be in use by another app). Close other apps using the camera and retry, or upload a photo of your window instead.',
  },
};

export class CameraError extends Error {
  constructor(
    readonly kind: CameraErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CameraError';
  }
}

/** Why the camera cannot be used at all in this browser, before asking for it. */
export function cameraSupportProblem(win: Window = window): CameraErrorKind | null {
  if (!win.isSecureContext) return 'https-required';
  const devices = win.navigator.mediaDevices as MediaDevices | undefined;
  if (!devices) return 'api-unavailable';
  if (typeof devices.getUserMedia !== 'function') return 'not-supported';
  return null;
}

export function classifyCameraError(err: unknown): CameraErrorKind {
  if (err instanceof CameraError) return err.kind;
  const name = err instanceof Error || (typeof DOMException !== 'undefined' && err instanceof DOMException) ? (err as Error).name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotSupportedError':
    case 'TypeError':
      return 'not-supported';
    default:
      return 'api-unavailable';
  }
}

/** Asks for the camera with each constraint level in turn; a refusal stops at once. */
export async function openCameraStream(devices: MediaDevices = navigator.mediaDevices): Promise<MediaStream> {
  let lastError: unknown = new CameraError('api-unavailable', 'No camera constraints to try');
  for (const constraints of CAMERA_CONSTRAINTS) {
    try {
      return await devices.getUserMedia(constraints);
    } catch (err) {
      lastError = err;
      const kind = classifyCameraError(err);
      if (kind === 'permission-denied' || kind === 'https-required') break;
    }
  }
  throw lastError;
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

export function waitForMetadata(video: HTMLVideoElement, timeoutMs = METADATA_TIMEOUT_MS): Promise<void> {
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA && video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      video.removeEventListener('loadedmetadata', onLoaded);
      reject(new CameraError('api-unavailable', 'The camera did not start within 10 seconds'));
    }, timeoutMs);
    function onLoaded() {
      clearTimeout(timer);
      resolve();
    }
    video.addEventListener('loadedmetadata', onLoaded, { once: true });
  });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function canvasToBlob(canvas: HTMLCanvasElement, quality = JPEG_QUALITY): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))), 'image/jpeg', quality);
  });
}

/** The current video frame as a JPEG (quality 0.8) at the video's own resolution. */
export async function captureVideoFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx || !canvas.width || !canvas.height) throw new Error('The camera image is not available');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvasToBlob(canvas);
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The browser could not read this photo'));
    img.src = url;
  });
}

/** The image drawn on a canvas no larger than `maxSide` on its long side. */
function scaledCanvas(img: HTMLImageElement, maxSide: number): HTMLCanvasElement {
  const scale = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * An uploaded photo, re-encoded as JPEG 0.8 no larger than `maxSide` on its long side (phone
 * photos are large). A file the browser cannot decode is returned unchanged: the server explains.
 */
export async function preparePhoto(file: Blob, maxSide = 1920): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    return await canvasToBlob(scaledCanvas(await loadImage(url), maxSide));
  } catch (err) {
    console.warn('Sending the photo as it is:', err);
    return file;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A photo held as a data URL (the polygon page's), as a JPEG 0.8 no larger than `maxSide`, to send to the server. */
export async function photoFromDataUrl(dataUrl: string, maxSide = 1920): Promise<Blob> {
  return canvasToBlob(scaledCanvas(await loadImage(dataUrl), maxSide));
}

/** A photo file as a data URL, downscaled to `maxSide` (JPEG) so it fits in local storage. */
export async function photoToDataUrl(file: Blob, maxSide = 1600): Promise<{ dataUrl: string; width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const canvas = scaledCanvas(await loadImage(url), maxSide);
    return { dataUrl: canvas.toDataURL('image/jpeg', 0.85), width: canvas.width, height: canvas.height };
  } finally {
    URL.revokeObjectURL(url);
  }
}
