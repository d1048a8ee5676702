/** A CSS colour as the browser computes it ('rgb(…)' or 'rgba(…)'): red, green, blue (0-255) and alpha (0-1). */
function channels(color: string): [number, number, number, number] {
  const [red, green, blue, alpha = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (blue === undefined) throw new Error(`Not a computed colour: ${color}`);
  return [red, green, blue, alpha];
}

function luminance([red, green, blue]: number[]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/**
 * The WCAG contrast ratio of a colour seen over another (1 to 21): a translucent front colour, or one
 * shown at an opacity below 1, is first laid over the back one, as the eye sees it.
 */
export function contrastRatio(front: string, back: string, opacity = 1): number {
  const [backRed, backGreen, backBlue] = channels(back);
  const [red, green, blue, alpha] = channels(front);
  const cover = alpha * opacity;
  const seen = [red * cover + backRed * (1 - cover), green * cover + backGreen * (1 - cover), blue * cover + backBlue * (1 - cover)];
  const [lighter, darker] = [luminance(seen), luminance([backRed, backGreen, backBlue])].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The colour seen through boxes laid one over another, given from the front box to the first opaque
 * one behind (a translucent hover shade over a card): each laid over those behind it.
 */
export function seenThrough(layers: string[]): string {
  const [red, green, blue] = layers.reduceRight<number[]>(
    (behind, layer) => {
      const [layerRed, layerGreen, layerBlue, alpha] = channels(layer);
      return [layerRed * alpha + behind[0] * (1 - alpha), layerGreen * alpha + behind[1] * (1 - alpha), layerBlue * alpha + behind[2] * (1 - alpha)];
    },
    [255, 255, 255],
  );
  return `rgb(${red}, ${green}, ${blue})`;
}
