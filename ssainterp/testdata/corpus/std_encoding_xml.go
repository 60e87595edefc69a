// Tests encoding/xml Marshal/Unmarshal with attributes, nested elements, chardata, omitempty and errors.
package main

import (
	"encoding/xml"
	"fmt"
)

type Address struct {
	City  string `xml:"city"`
	State string `xml:"state,omitempty"`
}

type Person struct {
	XMLName xml.Name `xml:"person"`
	ID      int      `xml:"id,attr"`
	Name    string   `xml:"name"`
	Emails  []string `xml:"email"`
	Addr    Address  `xml:"address"`
	Comment string   `xml:",comment"`
	Note    string   `xml:"note,omitempty"`
}

type Para struct {
	Lang string `xml:"lang,attr"`
	Text string `xml:",chardata"`
}

func main() {
	p := Person{ID: 7, Name: "Ann & <Bob>", Emails: []string{"a@x", "b@y"}, Addr: Address{City: "Paris"}, Comment: " generated "}
	b, err := xml.MarshalIndent(p, "", "  ")
	fmt.Println(string(b), err)
	b, _ = xml.Marshal(Para{"en", "hello <world>"})
	fmt.Println(string(b))
	var q Person
	err = xml.Unmarshal([]byte(`<person id="9"><name>Zed</name><email>z@z</email><email>y@y</email><address><city>Rome</city><state>LZ</state></address><extra>ignored</extra></person>`), &q)
	fmt.Printf("%v %+v\n", err, q)
	var para Para
	xml.Unmarshal([]byte(`<p lang="fr">bonjour &amp; salut</p>`), &para)
	fmt.Printf("%+v\n", para)
	err = xml.Unmarshal([]byte(`<person><name>unclosed</person>`), &q)
	fmt.Println("error:", err)
	err = xml.Unmarshal([]byte(`<person id="notint"></person>`), &q)
	fmt.Println("error:", err)
	fmt.Print(xml.Header)
	var m struct {
		XMLName xml.Name
		Items   []int `xml:"list>item"`
	}
	m.XMLName.Local = "root"
	m.Items = []int{1, 2, 3}
	b, _ = xml.Marshal(m)
	fmt.Println(string(b))
	_, err = xml.Marshal(map[string]int{"a": 1})
	fmt.Println("map error:", err)
	if q.Addr.City != "Rome" || len(q.Emails) != 2 {
		panic("FAIL: xml")
	}
}
