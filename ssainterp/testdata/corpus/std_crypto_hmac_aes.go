// Tests crypto/hmac, crypto/aes with cipher.NewGCM/CTR using fixed keys and nonces, crypto/sha3, subtle.
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

func main() {
	key := []byte("0123456789abcdef0123456789abcdef")
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("message"))
	sum := mac.Sum(nil)
	fmt.Println("hmac-sha256:", hex.EncodeToString(sum))
	mac2 := hmac.New(sha256.New, key)
	mac2.Write([]byte("mess"))
	mac2.Write([]byte("age"))
	fmt.Println("hmac equal:", hmac.Equal(sum, mac2.Sum(nil)))
	block, err := aes.NewCipher(key[:16])
	fmt.Println("cipher err:", err, "block size:", block.BlockSize())
	out := make([]byte, 16)
	block.Encrypt(out, []byte("exactly16bytes!!"))
	fmt.Println("aes block:", hex.EncodeToString(out))
	back := make([]byte, 16)
	block.Decrypt(back, out)
	fmt.Println("decrypted:", string(back))
	gcm, _ := cipher.NewGCM(block)
	nonce := make([]byte, gcm.NonceSize())
	for i := range nonce {
		nonce[i] = byte(i)
	}
	sealed := gcm.Seal(nil, nonce, []byte("secret payload"), []byte("aad"))
	fmt.Println("gcm:", hex.EncodeToString(sealed), "overhead:", gcm.Overhead())
	plain, err := gcm.Open(nil, nonce, sealed, []byte("aad"))
	fmt.Println("open:", string(plain), err)
	sealed[0] ^= 1
	_, err = gcm.Open(nil, nonce, sealed, []byte("aad"))
	fmt.Println("tampered:", err)
	iv := make([]byte, 16)
	stream := cipher.NewCTR(block, iv)
	ct := make([]byte, 11)
	stream.XORKeyStream(ct, []byte("ctr mode!!!"))
	fmt.Println("ctr:", hex.EncodeToString(ct))
	_, err = aes.NewCipher([]byte("short"))
	fmt.Println("bad key:", err)
	fmt.Printf("sha3-256: %x\n", sha3.Sum256([]byte("abc")))
	fmt.Println("constant time compare:", subtle.ConstantTimeCompare([]byte("a"), []byte("a")), subtle.ConstantTimeCompare([]byte("a"), []byte("b")))
	if string(back) != "exactly16bytes!!" {
		panic("FAIL: aes")
	}
}
