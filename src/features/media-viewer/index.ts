/** The shared media viewer: the slideshow dialog, the video player and the picture viewer. */
export { BlurredPicture, PictureViewer } from './PictureViewer';
export { Slideshow, type SlideshowProps, type ViewerItem } from './Slideshow';
export { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';
export { clock, counterText, edgeArrows, timerText, wrapIndex } from './viewer-rules';
