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
