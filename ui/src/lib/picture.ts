/**
 * A picked picture as a JPEG data URL the API will store: scaled to fit `max` px, then encoded
 * again smaller and at a lower quality until it is at most `maxChars` long (the sample areas store
 * pictures inside their JSON documents, and app/samples/common.py PICTURE caps them at 600 000).
 */
export const MAX_PICTURE_CHARS = 580_000

export function pictureToDataUrl(file: File, { max, quality, maxChars = MAX_PICTURE_CHARS }: { max: number; quality: number; maxChars?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      let scale = Math.min(1, max / Math.max(img.width, img.height))
      let q = quality
      try {
        for (let attempt = 0; attempt < 6; attempt++) {
          const canvas = document.createElement('canvas')
          canvas.width = Math.max(1, Math.round(img.width * scale))
          canvas.height = Math.max(1, Math.round(img.height * scale))
          const ctx = canvas.getContext('2d')
          if (!ctx) return reject(new Error('This browser cannot prepare the image.'))
          ctx.drawImage(img, 0, 0, canvas.width, canvas.height)
          const data = canvas.toDataURL('image/jpeg', q)
          if (data.length <= maxChars) return resolve(data)
          scale *= 0.75
          q = Math.max(0.5, q - 0.1)
        }
        reject(new Error('This image is too detailed to attach; pick a smaller one.'))
      } finally {
        URL.revokeObjectURL(url)
      }
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('That file is not an image this browser can read.'))
    }
    img.src = url
  })
}

/**
 * The address a page may load for a stored picture: a shipped sample picture (`/samples/...`,
 * ops/samples/pictures.py), one the API serves, an uploaded data URL or an absolute URL. The original
 * template's `assets/images/...` paths (data loaded before the pictures were shipped) name files no
 * server holds: they answer null, and the page shows its drawn stand-in (initials, a gradient).
 */
export function mediaUrl(src: string | null | undefined): string | null {
  if (!src || /^\/?assets\/images\//.test(src)) return null
  return /^(https?:|data:image\/|blob:|\/)/.test(src) ? src : null
}

const PALETTES = ['teal', 'blue', 'purple', 'pink', 'orange', 'green', 'cyan', 'red', 'yellow'] as const
/** A person's avatar colour (behind the initials), the same for the same name everywhere. */
export function avatarPalette(name: string): (typeof PALETTES)[number] {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0
  return PALETTES[Math.abs(hash) % PALETTES.length]
}
